// core: createChatParser cold and warm, full parses of long outputs, and streaming the same
// outputs in 4-byte chunks: totals, the ratio to one full parse, growth from 32 KB to 128 KB,
// the slowest pushes at the end of a long stream, memory held per session, and many
// sessions interleaved in one process.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createChatParser } from '@autoparser/core';
import { runCases, utf8Bytes } from './report.mjs';

const templates = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/templates');
const template = (name) => readFileSync(join(templates, name), 'utf8');
const line = 'The quick brown fox jumps over the lazy dog; Ünïcödé ✓ 😀 and <b>tags</b>.\n';
const proseOf = (size) => line.repeat(Math.ceil(size / line.length)).slice(0, size);
const tool = (name, properties) => ({ type: 'function', function: { name, description: name, parameters: { type: 'object', properties, required: Object.keys(properties) } } });
const request = (extra) => ({ messages: [{ role: 'user', content: 'Hi' }], tools: null, tool_choice: 'auto', parallel_tool_calls: false, reasoning_format: 'deepseek', enable_thinking: true, add_generation_prompt: true, continue_final_message: 'none', now: '2026-11-21T00:00:00Z', ...extra });
const runTool = [tool('run', { code: { type: 'string' } })];

/** The benchmark shapes, each an output of about `size` characters. */
const shapes = [
  { name: 'content', template: 'google-gemma-2-2b-it.jinja', request: request({}), output: (size) => proseOf(size) },
  { name: 'reasoning + content', template: 'Qwen-Qwen3-0.6B.jinja', request: request({}), output: (size) => `<think>\n${proseOf(size / 2)}</think>\n\n${proseOf(size / 2)}` },
  {
    name: 'JSON arguments',
    template: 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja',
    request: request({ tools: runTool }),
    output: (size) => `<tool_call>\n{"name": "run", "arguments": {"code": ${JSON.stringify(proseOf(size))}}}\n</tool_call>`,
  },
  {
    name: 'tagged arguments',
    template: 'Qwen3-Coder.jinja',
    request: request({ tools: runTool }),
    output: (size) => `<tool_call>\n<function=run>\n<parameter=code>\n${proseOf(size)}\n</parameter>\n</function>\n</tool_call>`,
  },
  {
    name: 'parallel calls',
    template: 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja',
    request: request({ tools: runTool, parallel_tool_calls: true }),
    output: (size) => {
      let out = '';
      for (let i = 0; out.length < size; i++) out += `<tool_call>\n{"name": "run", "arguments": {"code": ${JSON.stringify(`print(${i}) # ${line.trim()}`)}}}\n</tool_call>\n`;
      return out;
    },
  },
];

/** Chunks of `size` code units that never split a surrogate pair. */
function chunksOf(output, size) {
  const chunks = [];
  for (let i = 0; i < output.length; ) {
    let end = Math.min(i + size, output.length);
    if (end < output.length && output.charCodeAt(end - 1) >= 0xd800 && output.charCodeAt(end - 1) <= 0xdbff) end++;
    chunks.push(output.slice(i, end));
    i = end;
  }
  return chunks;
}

/** Streams `chunks` through a new session; returns the total time in µs and the time of each push. */
function streamTimed(parser, chunks) {
  const pushes = new Float64Array(chunks.length);
  const start = performance.now();
  const session = parser.stream();
  for (let i = 0; i < chunks.length; i++) {
    const t = performance.now();
    session.push(chunks[i]);
    pushes[i] = performance.now() - t;
  }
  session.finish();
  return { totalUs: (performance.now() - start) * 1e3, pushes };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Heap bytes a finished-feeding session holds, per byte of output (needs --expose-gc). */
function heapPerByte(parser, chunks, bytes) {
  if (typeof globalThis.gc !== 'function') return undefined;
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const session = parser.stream();
  for (const chunk of chunks) session.push(chunk);
  globalThis.gc();
  const held = process.memoryUsage().heapUsed - before;
  session.finish();
  return held / bytes;
}

/** The benchmark shapes at 32 KB and 128 KB, each with its parser and 4-byte chunks. */
function prepare() {
  const sizes = [32 * 1024, 128 * 1024];
  return shapes.flatMap((shape) => {
    const parser = createChatParser(template(shape.template), shape.request);
    return sizes.map((size) => {
      const output = shape.output(size);
      const message = parser.parse(output);
      if ((message.warnings ?? []).length > 0) throw new Error(`${shape.name}: benchmark output does not parse cleanly`);
      return { shape: shape.name, size, parser, output, chunks: chunksOf(output, 4), bytes: utf8Bytes(output) };
    });
  });
}

/**
 * Streams every prepared case in 4-byte chunks and prints a row each: 3 runs at 32 KB and
 * `longRuns` at 128 KB (medians). `full`: the full parses' rows, in the same order, if timed.
 */
function benchStreaming(prepared, full, longRuns) {
  console.log(`\n@autoparser/core — streaming in 4-byte chunks (median of runs; ${longRuns} run${longRuns === 1 ? '' : 's'} at 128 KB)`);
  console.log('  case                              size   stream total   ÷ full parse   128 KB ÷ 32 KB   mean push   p99 push (end of 128 KB)   heap ÷ output');
  const streaming = [];
  prepared.forEach((p, i) => {
    const runs = p.size > 32 * 1024 ? longRuns : 3;
    const timings = Array.from({ length: runs }, () => streamTimed(p.parser, p.chunks));
    const totalUs = median(timings.map((t) => t.totalUs));
    const row = { name: `stream: ${p.shape} ${p.size / 1024} KB`, shape: p.shape, sizeKb: p.size / 1024, medianUs: totalUs, mbps: p.bytes / totalUs, perFullParse: full ? totalUs / full[i].medianUs : undefined };
    if (p.size > 32 * 1024) {
      const small = streaming.find((r) => r.shape === p.shape && r.sizeKb === 32);
      row.growth128over32 = small ? totalUs / small.medianUs : undefined;
      // Mean of one push over the whole stream (pushes only, not `stream()` or `finish()`).
      row.meanPushUs = median(timings.map((t) => (t.pushes.reduce((sum, ms) => sum + ms, 0) * 1e3) / t.pushes.length));
      row.p99PushUs = median(
        timings.map((t) => {
          const last = Array.from(t.pushes.slice(-1000)).sort((a, b) => a - b);
          return last[Math.floor(last.length * 0.99)] * 1e3;
        }),
      );
      row.heapPerOutputByte = heapPerByte(p.parser, p.chunks, p.output.length * 2);
    }
    streaming.push(row);
    console.log(
      `  ${row.name.padEnd(32)} ${`${row.sizeKb} KB`.padStart(6)} ${`${(totalUs / 1e3).toFixed(1)} ms`.padStart(14)} ${row.perFullParse === undefined ? ''.padStart(14) : `${row.perFullParse.toFixed(0)}×`.padStart(14)} ${
        row.growth128over32 === undefined ? ''.padStart(16) : `${row.growth128over32.toFixed(1)}×`.padStart(16)
      } ${row.meanPushUs === undefined ? ''.padStart(11) : `${row.meanPushUs.toFixed(2)} µs`.padStart(11)} ${row.p99PushUs === undefined ? ''.padStart(26) : `${row.p99PushUs.toFixed(1)} µs`.padStart(26)} ${
        row.heapPerOutputByte === undefined ? '' : row.heapPerOutputByte.toFixed(1).padStart(14)
      }`,
    );
  });
  return streaming;
}

/**
 * @param {{ streamingOnly?: boolean, runs?: number }} [options] - `streamingOnly`: only the
 * streaming cases (no createChatParser, full parses or interleaved sessions); `runs`: how many
 * streams of each 128 KB case to time (the figures are their medians).
 */
export async function benchCore({ streamingOnly = false, runs: longRuns = 1 } = {}) {
  if (streamingOnly) return { streaming: benchStreaming(prepare(), undefined, longRuns) };
  const qwen = template('Qwen3-Coder.jinja');
  const tools = request({ tools: [tool('get_weather', { location: { type: 'string' }, days: { type: 'integer' } })] });
  let fresh = 0;
  const setup = await runCases('@autoparser/core — createChatParser (median of runs)', [
    // A distinct comment makes every source new to the analysis cache.
    { name: 'createChatParser cold (Qwen3-Coder)', bytes: utf8Bytes(qwen), fn: () => createChatParser(`${qwen}{# ${fresh++} #}`, tools) },
    { name: 'createChatParser warm (Qwen3-Coder)', bytes: utf8Bytes(qwen), fn: () => createChatParser(qwen, tools) },
  ]);

  const prepared = prepare();
  const full = await runCases(
    '@autoparser/core — full parse (median of runs)',
    prepared.map((p) => ({ name: `parse: ${p.shape} ${p.size / 1024} KB`, bytes: p.bytes, fn: () => p.parser.parse(p.output) })),
  );
  const streaming = benchStreaming(prepared, full, longRuns);

  // Many streams at once on one thread, as a server has them: 1 000 sessions of 2 KB each,
  // fed round-robin in 4-byte chunks.
  const many = shapes.find((s) => s.name === 'reasoning + content');
  const manyParser = createChatParser(template(many.template), many.request);
  const manyChunks = chunksOf(many.output(2048), 4);
  const t0 = performance.now();
  const sessions = Array.from({ length: 1000 }, () => manyParser.stream());
  for (const chunk of manyChunks) for (const session of sessions) session.push(chunk);
  for (const session of sessions) session.finish();
  const manyUs = (performance.now() - t0) * 1e3;
  const interleaved = { name: '1000 sessions interleaved (reasoning + content, 2 KB each)', sessions: 1000, medianUs: manyUs, mbps: (1000 * utf8Bytes(many.output(2048))) / manyUs };
  console.log(`\n  ${interleaved.name}: ${(manyUs / 1e3).toFixed(0)} ms in all, ${interleaved.mbps.toFixed(2)} MB/s`);
  return { setup, full, streaming, interleaved };
}
