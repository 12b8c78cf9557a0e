import { createChatParser, toSchemaStructuralTag, toStructuralTag, toXgrammarEbnf, type ChatParser, type ChatParserOptions, type ChatRequest } from '@autoparser/core';
import { CliError } from '../cli-error.js';
import type { CliIo, Style } from '../cli-io.js';
import { loadRequest } from '../request-file.js';
import { booleanFlag, parseCommandArgs, requiredFlag, stringFlag, templateArg } from '../parse-command-args.js';
import { loadPlugins, PLUGIN_OPTIONS } from '../load-plugins.js';
import { loadTemplate } from '../template-source.js';

const FORMATS = ['gbnf', 'ebnf', 'structural-tag'] as const;
type GrammarFormat = (typeof FORMATS)[number];

function grammarFormat(value: string | undefined): GrammarFormat {
  if (value === undefined) return 'gbnf';
  const format = FORMATS.find((f) => f === value);
  if (format === undefined) throw new CliError(`grammar: unknown --format ${JSON.stringify(value)}`, `use one of ${FORMATS.join(', ')}`);
  return format;
}

/** The grammar in xgrammar's EBNF dialect, or xgrammar's structural tag (JSON either way with --json). */
/** With `--per-tool`: the template and plugins the per-tool structural tag is read from. */
interface PerTool {
  readonly template: string;
  readonly options: ChatParserOptions;
}

function writeXgrammar(format: 'ebnf' | 'structural-tag', parser: ChatParser, request: ChatRequest, json: boolean, io: CliIo, style: Style, perTool: PerTool | undefined): void {
  if (format === 'structural-tag') {
    const result = perTool === undefined ? toStructuralTag(parser, request) : toSchemaStructuralTag(perTool.template, request, perTool.options);
    if (!result.ok) throw new CliError(`grammar: no structural tag for this template and request (${result.code}): ${result.message}`, 'try --format ebnf or gbnf');
    io.stdout.write(`${JSON.stringify(result.structuralTag, null, json ? 2 : undefined)}\n`);
    return;
  }
  if (parser.grammar === '') {
    if (json) io.stdout.write(`${JSON.stringify({ ebnf: '', lazy: false, triggers: [] }, null, 2)}\n`);
    else io.stdout.write(style.dim('# no grammar: this request needs no constrained decoding\n'));
    return;
  }
  const result = toXgrammarEbnf(parser.grammar);
  if (!result.ok) throw new CliError(`grammar: no xgrammar EBNF for this grammar (${result.code}): ${result.message}`, 'try --format gbnf');
  if (json) {
    io.stdout.write(`${JSON.stringify({ ebnf: result.ebnf, lazy: parser.grammarLazy, triggers: parser.grammarTriggers }, null, 2)}\n`);
    return;
  }
  const triggers = parser.grammarTriggers.map((t) => `${t.type} ${JSON.stringify(t.value)}`).join(', ');
  io.stdout.write(style.dim(`# lazy: ${parser.grammarLazy}\n`));
  io.stdout.write(style.dim(`# triggers: ${triggers === '' ? '—' : triggers}\n`));
  io.stdout.write(result.ebnf);
}

/** `autoparser grammar <template> --request FILE [--format gbnf|ebnf|structural-tag] [--json] [--strict]`. */
export async function grammarCommand(argv: readonly string[], io: CliIo, style: Style, usage: string): Promise<number> {
  const args = parseCommandArgs('grammar', argv, { request: { type: 'string' }, format: { type: 'string' }, 'per-tool': { type: 'boolean' }, json: { type: 'boolean' }, variant: { type: 'string' }, strict: { type: 'boolean' }, ...PLUGIN_OPTIONS });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  const format = grammarFormat(stringFlag(args, 'format'));
  const template = loadTemplate(templateArg('grammar', args), stringFlag(args, 'variant'));
  // The grammar is canonical either way; --strict is accepted so one set of flags serves both commands.
  const { request, notes } = loadRequest(requiredFlag('grammar', args, 'request', 'FILE'), { strict: booleanFlag(args, 'strict') });
  for (const note of notes) io.stderr.write(`note: ${note}\n`);
  const plugins = await loadPlugins(args);
  const parser = createChatParser(template.source, request, { plugins });
  for (const warning of parser.warnings) io.stderr.write(`warning: ${warning}\n`);
  if (format !== 'gbnf') {
    writeXgrammar(format, parser, request, booleanFlag(args, 'json'), io, style, booleanFlag(args, 'per-tool') ? { template: template.source, options: { plugins } } : undefined);
    return 0;
  }
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
