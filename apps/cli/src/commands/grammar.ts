import { createChatParser } from '@autoparser/core';
import type { CliIo, Style } from '../cli-io.js';
import { loadRequest } from '../request-file.js';
import { booleanFlag, parseCommandArgs, requiredFlag, stringFlag, templateArg } from '../parse-command-args.js';
import { loadPlugins, PLUGIN_OPTIONS } from '../load-plugins.js';
import { loadTemplate } from '../template-source.js';

/** `autoparser grammar <template> --request FILE [--json] [--strict]`. */
export async function grammarCommand(argv: readonly string[], io: CliIo, style: Style, usage: string): Promise<number> {
  const args = parseCommandArgs('grammar', argv, { request: { type: 'string' }, json: { type: 'boolean' }, variant: { type: 'string' }, strict: { type: 'boolean' }, ...PLUGIN_OPTIONS });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  const template = loadTemplate(templateArg('grammar', args), stringFlag(args, 'variant'));
  // The grammar is canonical either way; --strict is accepted so one set of flags serves both commands.
  const { request, notes } = loadRequest(requiredFlag('grammar', args, 'request', 'FILE'), { strict: booleanFlag(args, 'strict') });
  for (const note of notes) io.stderr.write(`note: ${note}\n`);
  const parser = createChatParser(template.source, request, { plugins: await loadPlugins(args) });
  for (const warning of parser.warnings) io.stderr.write(`warning: ${warning}\n`);
  if (booleanFlag(args, 'json')) {
    const report = {
      grammar: parser.grammar,
      lazy: parser.grammarLazy,
      triggers: parser.grammarTriggers,
      trigger_words: parser.grammarTriggerWords,
      preserved_tokens: parser.preservedTokens,
      thinking_start_tag: parser.thinkingStartTag,
      thinking_end_tag: parser.thinkingEndTag,
      additional_stops: parser.additionalStops,
    };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  // GBNF comments, so that the whole output can be saved and loaded as a grammar file.
  const triggers = parser.grammarTriggers.map((t) => `${t.type} ${JSON.stringify(t.value)}`).join(', ');
  io.stdout.write(style.dim(`# lazy: ${parser.grammarLazy}\n`));
  io.stdout.write(style.dim(`# triggers: ${triggers === '' ? '—' : triggers}\n`));
  io.stdout.write(style.dim(`# preserved tokens: ${parser.preservedTokens.length > 0 ? parser.preservedTokens.map((t) => JSON.stringify(t)).join(' ') : '—'}\n`));
  if (parser.grammar === '') io.stdout.write(style.dim('# no grammar: this request needs no constrained decoding\n'));
  else io.stdout.write(parser.grammar.endsWith('\n') ? parser.grammar : `${parser.grammar}\n`);
  return 0;
}
