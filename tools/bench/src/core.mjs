// core: createChatParser cold and warm, full parses of 32 KB outputs, and streaming the same
// outputs in 4-byte chunks (the reference re-parses from the start on every chunk).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChatParser } from '@autoparser/core';
import { runCases, utf8Bytes } from './report.mjs';

const templates = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/templates');
const template = (name) => readFileSync(join(templates, name), 'utf8');
const SIZE = 32 * 1024;
const line = 'The quick brown fox jumps over the lazy dog; Ünïcödé ✓ 😀 and <b>tags</b>.\n';
const prose = line.repeat(Math.ceil(SIZE / line.length)).slice(0, SIZE);
const tool = (name, properties) => ({ type: 'function', function: { name, description: name, parameters: { type: 'object', properties, required: Object.keys(properties) } } });
const request = (extra) => ({ messages: [{ role: 'user', content: 'Hi' }], tools: null, tool_choice: 'auto', parallel_tool_calls: false, reasoning_format: 'deepseek', enable_thinking: true, add_generation_prompt: true, continue_final_message: 'none', now: '2026-11-21T00:00:00Z', ...extra });

const shapes = [
  { name: 'content', template: 'google-gemma-2-2b-it.jinja', request: request({}), output: prose },
  { name: 'reasoning + content', template: 'Qwen-Qwen3-0.6B.jinja', request: request({}), output: `<think>\n${prose.slice(0, SIZE / 2)}</think>\n\n${prose.slice(0, SIZE / 2)}` },
  {
    name: 'JSON arguments',
    template: 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja',
    request: request({ tools: [tool('run', { code: { type: 'string' } })] }),
    output: `<tool_call>\n{"name": "run", "arguments": {"code": ${JSON.stringify(prose)}}}\n</tool_call>`,
  },
  {
    name: 'tagged arguments',
    template: 'Qwen3-Coder.jinja',
    request: request({ tools: [tool('run', { code: { type: 'string' } })] }),
    output: `<tool_call>\n<function=run>\n<parameter=code>\n${prose}\n</parameter>\n</function>\n</tool_call>`,
  },
];

function streamAll(parser, output) {
  const session = parser.stream();
  for (let i = 0; i < output.length; i += 4) {
    // Never cut a surrogate pair: a chunk ends on a code point boundary.
    let end = Math.min(i + 4, output.length);
    if (end < output.length && output.charCodeAt(end - 1) >= 0xd800 && output.charCodeAt(end - 1) <= 0xdbff) end++;
    session.push(output.slice(i, end));
    i = end - 4;
  }
  return session.finish();
}

export async function benchCore() {
  const qwen = template('Qwen3-Coder.jinja');
  const tools = request({ tools: [tool('get_weather', { location: { type: 'string' }, days: { type: 'integer' } })] });
  let fresh = 0;
  const setup = await runCases('@autoparser/core — createChatParser (median of runs)', [
    // A distinct comment makes every source new to the analysis cache.
    { name: 'createChatParser cold (Qwen3-Coder)', bytes: utf8Bytes(qwen), fn: () => createChatParser(`${qwen}{# ${fresh++} #}`, tools) },
    { name: 'createChatParser warm (Qwen3-Coder)', bytes: utf8Bytes(qwen), fn: () => createChatParser(qwen, tools) },
  ]);
  const parsers = shapes.map((shape) => ({ ...shape, parser: createChatParser(template(shape.template), shape.request) }));
  for (const { name, parser, output } of parsers) {
    const message = parser.parse(output);
    if ((message.warnings ?? []).length > 0) throw new Error(`${name}: benchmark output does not parse cleanly`);
  }
  const full = await runCases(
    '@autoparser/core — parse of 32 KB outputs (median of runs)',
    parsers.map(({ name, parser, output }) => ({ name: `parse: ${name}`, bytes: utf8Bytes(output), fn: () => parser.parse(output) })),
  );
  const streamed = await runCases(
    '@autoparser/core — streaming the same outputs in 4-byte chunks (median of runs)',
    parsers.map(({ name, parser, output }) => ({ name: `stream: ${name}`, bytes: utf8Bytes(output), fn: () => streamAll(parser, output) })),
    { time: 500, iterations: 3 },
  );
  console.log('  streaming total ÷ full parse (the reference: about 4000× at 32 KB):');
  streamed.forEach((row, i) => console.log(`    ${parsers[i].name.padEnd(22)} ${(row.medianUs / full[i].medianUs).toFixed(0)}×`));
  return { setup, full, streamed };
}
