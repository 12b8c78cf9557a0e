import { readFileSync } from 'node:fs';
import { createChatParser, replayStream } from '@autoparser/core';
import { CliError } from '../cli-error.js';
import type { CliIo, Style } from '../cli-io.js';
import { loadRequest } from '../request-file.js';
import { booleanFlag, integerFlag, parseCommandArgs, requiredFlag, stringFlag, templateArg } from '../parse-command-args.js';
import { loadPlugins, PLUGIN_OPTIONS } from '../load-plugins.js';
import { loadTemplate } from '../template-source.js';
import { RECOVERY_FLAGS, recoveryOptions } from '../recovery-flags.js';

async function readInput(path: string, io: CliIo): Promise<string> {
  if (path !== '-') {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      throw new CliError(`input file not found: ${path}`, 'pass --input FILE, or --input - to read standard input');
    }
  }
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> = io.stdin ?? process.stdin;
  for await (const chunk of source) chunks.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  chunks.push(decoder.decode());
  return chunks.join('');
}

/** `autoparser parse <template> --request FILE [--input FILE|-] [--partial] [--stream] [--chunk N] [--strict] [--no-recovery ID]…`. */
export async function parseCommand(argv: readonly string[], io: CliIo, _style: Style, usage: string): Promise<number> {
  const args = parseCommandArgs('parse', argv, {
    request: { type: 'string' },
    input: { type: 'string' },
    partial: { type: 'boolean' },
    stream: { type: 'boolean' },
    chunk: { type: 'string' },
    variant: { type: 'string' },
    strict: { type: 'boolean' },
    ...RECOVERY_FLAGS,
    ...PLUGIN_OPTIONS,
  });
  if (booleanFlag(args, 'help')) {
    io.stdout.write(usage);
    return 0;
  }
  const chunkSize = integerFlag('parse', args, 'chunk', 1, Number.MAX_SAFE_INTEGER) ?? 8;
  const template = loadTemplate(templateArg('parse', args), stringFlag(args, 'variant'));
  const { request, notes } = loadRequest(requiredFlag('parse', args, 'request', 'FILE'), { strict: booleanFlag(args, 'strict') });
  for (const note of notes) io.stderr.write(`note: ${note}\n`);
  const parser = createChatParser(template.source, request, { plugins: await loadPlugins(args), recoveries: recoveryOptions(args) });
  for (const warning of parser.warnings) io.stderr.write(`warning: ${warning}\n`);
  const input = await readInput(stringFlag(args, 'input') ?? '-', io);
  const partial = booleanFlag(args, 'partial');
  if (!booleanFlag(args, 'stream')) {
    io.stdout.write(`${JSON.stringify(parser.parse(input, { partial }), null, 2)}\n`);
    return 0;
  }
  // With --partial the output is cut: the stream is not ended.
  for (const { delta } of replayStream(parser.stream(), input, chunkSize, { end: !partial }).deltas) io.stdout.write(`${JSON.stringify(delta)}\n`);
  return 0;
}
