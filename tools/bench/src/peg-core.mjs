// peg-core throughput on the three shapes the chat parsers spend their time in.
import { PegBuilder, parse } from '@autoparser/peg-core';
import { runCases, utf8Bytes } from './report.mjs';

const SIZE = 32 * 1024;
const line = 'The quick brown fox jumps over the lazy dog; Ünïcödé ✓ 😀 — and a <b>tag</b>.\n';
const prose = line.repeat(Math.ceil(SIZE / line.length)).slice(0, SIZE);

function contentCase() {
  const p = new PegBuilder();
  const arena = p.build(p.sequence(p.tag('content', p.until('<tool_call>')), p.end()));
  return { name: 'content through until', bytes: utf8Bytes(prose), fn: () => parse(arena, prose), referenceMBps: 250, targetMBps: 125 };
}

function jsonStringCase() {
  const p = new PegBuilder();
  const args = p.sequence('{', p.space(), p.jsonMember('code', p.tag('value', p.json())), '}');
  const arena = p.build(p.sequence('<tool_call>', p.tag('tool_args', args), '</tool_call>', p.end()));
  const input = `<tool_call>{"code": ${JSON.stringify(prose)}}</tool_call>`;
  return { name: 'JSON string argument', bytes: utf8Bytes(input), fn: () => parse(arena, input), referenceMBps: 380, targetMBps: 190 };
}

function taggedCase() {
  const p = new PegBuilder();
  const arg = p.tag(
    'tool_arg',
    p.sequence(
      p.atomic(p.tag('tool_arg_open', p.sequence('<parameter=', p.tag('tool_arg_name', p.chars('[a-z_0-9]')), '>\n'))),
      p.tag('tool_arg_string_value', p.until('\n</parameter>')),
      p.atomic(p.tag('tool_arg_close', '\n</parameter>\n')),
    ),
  );
  const arena = p.build(p.sequence('<tool_call>\n<function=run>\n', p.zeroOrMore(arg), '</function>\n</tool_call>', p.end()));
  let body = '';
  for (let i = 0; body.length < SIZE; i++) body += `<parameter=arg_${i}>\nvalue ${i}: ${line}</parameter>\n`.replace(`${line}<`, `${line.trim()}\n<`);
  const input = `<tool_call>\n<function=run>\n${body}</function>\n</tool_call>`;
  if (parse(arena, input).status !== 'success') throw new Error('tagged benchmark input does not parse');
  return { name: 'tagged arguments', bytes: utf8Bytes(input), fn: () => parse(arena, input), referenceMBps: 120, targetMBps: 60 };
}

function pegCoreCases() {
  return [contentCase(), jsonStringCase(), taggedCase()];
}

export async function benchPegCore() {
  return runCases('@autoparser/peg-core — full parse of 32 KB (median of runs)', pegCoreCases());
}
