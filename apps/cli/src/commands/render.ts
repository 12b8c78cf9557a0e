import { renderPrompt } from '@autoparser/core';
import type { CliIo, Style } from '../cli-io.js';
import { renderParamsOf } from '@autoparser/core';
import { loadRequest } from '../request-file.js';
import { booleanFlag, parseCommandArgs, requiredFlag, stringFlag, templateArg } from '../parse-command-args.js';
import { loadPlugins, PLUGIN_OPTIONS } from '../load-plugins.js';
import { loadTemplate } from '../template-source.js';

/** `autoparser render <template> --request FILE [--json]`. */
export async function renderCommand(argv: readonly string[], io: CliIo, style: Style, usage: string): Promise<number> {
  const args = parseCommandArgs('render', argv, { request: { type: 'string' }, json: { type: 'boolean' }, variant: { type: 'string' }, ...PLUGIN_OPTIONS });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  const template = loadTemplate(templateArg('render', args), stringFlag(args, 'variant'));
  const { request, notes } = loadRequest(requiredFlag('render', args, 'request', 'FILE'));
  for (const note of notes) io.stderr.write(`note: ${note}\n`);
  const { prompt, generationPrompt } = renderPrompt(template.source, renderParamsOf(request), { plugins: await loadPlugins(args) });
  if (booleanFlag(args, 'json')) {
    io.stdout.write(`${JSON.stringify({ prompt, generation_prompt: generationPrompt }, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(`${style.bold('── prompt ──')}\n${prompt}${prompt.endsWith('\n') ? '' : '\n'}`);
  io.stdout.write(`${style.bold('── generation prompt ──')}\n${JSON.stringify(generationPrompt)}\n`);
  return 0;
}
