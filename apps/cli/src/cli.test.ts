import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './cli.js';
import { collectIo } from './test-support/collect-io.js';
import { startServing, type Serving } from './test-support/start-serving.js';

const TEMPLATES = fileURLToPath(new URL('../../../../shared/templates', import.meta.url));
const CONFORMANCE = fileURLToPath(new URL('../../../../shared/conformance', import.meta.url));
// The worked example plugin of the workarounds README.
const EXAMPLES = fileURLToPath(new URL('../../../packages/workarounds/examples', import.meta.url));
const ACME = join(EXAMPLES, 'acme.jinja');
const ACME_PLUGIN = join(EXAMPLES, 'acme-plugin.mjs');
const QWEN_CODER = `${TEMPLATES}/Qwen3-Coder.jinja`;
const HERMES = `${TEMPLATES}/NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja`;
const GEMMA = `${TEMPLATES}/google-gemma-2-2b-it.jinja`;

let dir: string;
let toolRequest: string;
let chatRequest: string;

const WEATHER_TOOL = {
  type: 'function',
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'autoparser-cli-'));
  toolRequest = join(dir, 'tools.json');
  writeFileSync(toolRequest, JSON.stringify({ model: 'x', messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [WEATHER_TOOL] }));
  chatRequest = join(dir, 'chat.json');
  writeFileSync(chatRequest, JSON.stringify({ messages: [{ role: 'user', content: 'Hi there' }] }));
});

async function run(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const io = collectIo(stdin);
  const code = await cli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** A usage error: status 2, one `error:` line naming the problem, a hint, no stack trace. */
function expectUsageError(result: { code: number; out: string; err: string }, pattern: RegExp): void {
  expect(result.code).toBe(2);
  const lines = result.err.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
  expect(lines[1]).toMatch(/^hint: /);
  expect(result.err).not.toMatch(/\n\s+at /);
}

describe('--plugin', () => {
  it('runs a user plugin module in every stage: analysis, render, parse, grammar, check', async () => {
    const analyze = await run(['analyze', ACME, '--plugin', ACME_PLUGIN, '--json']);
    expect(analyze.code).toBe(0);
    const { analysis } = JSON.parse(analyze.out) as { analysis: { appliedPlugins: string[]; reasoning: { start: string } } };
    expect(analysis.appliedPlugins).toContain('acme');
    expect(analysis.reasoning.start).toBe('<reflect>');

    // The template raises on tools; the plugin's source patch lets it render them.
    expect((await run(['render', ACME, '--request', toolRequest])).code).toBe(2);
    // A path relative to the working directory works too.
    const render = await run(['render', ACME, '--request', toolRequest, '--plugin', relative(process.cwd(), ACME_PLUGIN), '--json']);
    expect(JSON.parse(render.out)).toEqual({ prompt: '<|acme|><|user|>Weather in Paris?\n<|assistant|>', generation_prompt: '<|assistant|>' });

    const parse = await run(['parse', ACME, '--request', toolRequest, '--plugin', ACME_PLUGIN], '<reflect>ok</reflect>CALL get_weather {"city": "Paris"}');
    const message = JSON.parse(parse.out) as { reasoning_content: string; tool_calls: { function: { name: string; arguments: string } }[] };
    expect(message.reasoning_content).toBe('ok');
    expect(message.tool_calls.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([['get_weather', { city: 'Paris' }]]);

    const grammar = JSON.parse((await run(['grammar', ACME, '--request', toolRequest, '--plugin', ACME_PLUGIN, '--json'])).out) as { lazy: boolean; triggers: unknown[] };
    // The plugin's word trigger, kept out of its `<reflect>` reasoning by an anchored pattern.
    expect(grammar).toMatchObject({ lazy: true, triggers: [{ type: 'pattern' }], trigger_words: ['CALL '] });
  });

  it('replaces the built-ins with --no-builtin-plugins', async () => {
    const gptOss = `${TEMPLATES}/openai-gpt-oss-120b.jinja`;
    const withBuiltins = JSON.parse((await run(['analyze', gptOss, '--json'])).out) as { analysis: { appliedPlugins: string[] } };
    expect(withBuiltins.analysis.appliedPlugins).toContain('gpt-oss');
    const without = JSON.parse((await run(['analyze', gptOss, '--json', '--plugin', ACME_PLUGIN, '--no-builtin-plugins'])).out) as { analysis: { appliedPlugins: string[] } };
    expect(without.analysis.appliedPlugins).toEqual([]);
  });

  it('reports a module that cannot load or exports no plugin', async () => {
    const empty = join(dir, 'empty.mjs');
    writeFileSync(empty, 'export const notAPlugin = 1;\n');
    const broken = join(dir, 'broken.mjs');
    writeFileSync(broken, 'export default { name: "x", matches: () => true };\n');
    expectUsageError(await run(['analyze', ACME, '--plugin', empty]), /--plugin .*empty\.mjs: the module exports no plugin/);
    expectUsageError(await run(['analyze', ACME, '--plugin', broken]), /plugin "x" needs a description/);
    expectUsageError(await run(['analyze', ACME, '--plugin', join(dir, 'missing.mjs')]), /--plugin .*missing\.mjs/);
  });
});

describe('help and usage', () => {
  it('prints global help', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    expect(out).toContain('Usage: autoparser <command>');
    expect(out).toContain('Exit status: 0 ok, 1 check or conformance failures, 2 usage or input error.');
  });

  it.each(['analyze', 'render', 'parse', 'grammar', 'check'])('prints help for %s', async (command) => {
    const { code, out } = await run([command, '--help']);
    expect(code).toBe(0);
    expect(out).toContain(`Usage: autoparser ${command}`);
  });

  it('passes conformance --help through to the conformance tool', async () => {
    const { code, out } = await run(['conformance', '--help']);
    expect(code).toBe(0);
    expect(out).toContain('--data FILE');
  });

  it('prints usage and exits 2 without a command', async () => {
    const { code, err } = await run([]);
    expect(code).toBe(2);
    expect(err).toContain('Usage: autoparser');
  });
});

describe('analyze', () => {
  it('shows modes, markers and preserved tokens of Qwen3-Coder', async () => {
    const { code, out } = await run(['analyze', QWEN_CODER]);
    expect(code).toBe(0);
    expect(out).toMatch(/tool calls\s+TAG_WITH_TAGGED/);
    expect(out).toContain('"<tool_call>"');
    expect(out).toContain('preserved tokens');
    expect(out).not.toContain('\u001b[');
  });

  it('prints JSON', async () => {
    const { code, out } = await run(['analyze', HERMES, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as { kind: string; analysis: { tools: { format: { mode: string } } } };
    expect(report.kind).toBe('jinja');
    expect(report.analysis.tools.format.mode).not.toBe('NONE');
  });

  it('colours only on a TTY without NO_COLOR', async () => {
    const tty = { ...collectIo(), isTTY: true, env: {} };
    await cli(['analyze', GEMMA], tty);
    expect(tty.out()).toContain('\u001b[');
    const noColor = { ...collectIo(), isTTY: true, env: { NO_COLOR: '1' } };
    await cli(['analyze', GEMMA], noColor);
    expect(noColor.out()).not.toContain('\u001b[');
  });
});

describe('render', () => {
  it('prints the prompt and generation prompt of gemma-2', async () => {
    const { code, out } = await run(['render', GEMMA, '--request', chatRequest, '--json']);
    expect(code).toBe(0);
    const { prompt, generation_prompt } = JSON.parse(out) as { prompt: string; generation_prompt: string };
    expect(prompt).toContain('<start_of_turn>user\nHi there<end_of_turn>');
    expect(generation_prompt).toBe('<start_of_turn>model\n');
    expect(prompt.endsWith(generation_prompt)).toBe(true);
  });

  it('prints readable sections by default', async () => {
    const { out } = await run(['render', GEMMA, '--request', chatRequest]);
    expect(out).toContain('── prompt ──');
    expect(out).toContain('── generation prompt ──\n"<start_of_turn>model\\n"');
  });
});

describe('parse', () => {
  const output = 'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

  it('parses Hermes output from a file into a message', async () => {
    const input = join(dir, 'out.txt');
    writeFileSync(input, output);
    const { code, out } = await run(['parse', HERMES, '--request', toolRequest, '--input', input]);
    expect(code).toBe(0);
    const message = JSON.parse(out) as { content: string; tool_calls: { function: { name: string; arguments: string } }[] };
    expect(message.content.trim()).toBe('Let me check.');
    expect(message.tool_calls[0]?.function.name).toBe('get_weather');
    expect(JSON.parse(message.tool_calls[0]?.function.arguments ?? '')).toEqual({ city: 'Paris' });
  });

  it('reads standard input and streams JSON-lines deltas that add up to the message', async () => {
    const { code, out } = await run(['parse', HERMES, '--request', toolRequest, '--stream', '--chunk', '5'], output);
    expect(code).toBe(0);
    const deltas = out.trim().split('\n').map((line) => JSON.parse(line) as { content?: string; tool_calls?: { function: { name?: string; arguments?: string } }[] });
    expect(deltas.length).toBeGreaterThan(2);
    const content = deltas.map((d) => d.content ?? '').join('');
    const args = deltas.flatMap((d) => d.tool_calls ?? []).map((c) => c.function.arguments ?? '').join('');
    expect(content.trim()).toBe('Let me check.');
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });
  });

  it('parses Qwen3-Coder tagged calls, partially', async () => {
    const partial = '<tool_call>\n<function=get_weather>\n<parameter=city>\nPar';
    const { code, out } = await run(['parse', QWEN_CODER, '--request', toolRequest, '--partial'], partial);
    expect(code).toBe(0);
    const message = JSON.parse(out) as { tool_calls?: { function: { name: string } }[] };
    expect(message.tool_calls?.[0]?.function.name).toBe('get_weather');
  });

  it('leaves out the rules --no-recovery names, and rejects an id that names none', async () => {
    const unspaced = '<tool_call><function=get_weather><parameter=city>Paris</parameter></function></tool_call>';
    type Read = { content: string; tool_calls?: unknown[]; warnings?: { rule?: string }[] };
    const lenient = JSON.parse((await run(['parse', QWEN_CODER, '--request', toolRequest], unspaced)).out) as Read;
    expect(lenient.tool_calls).toHaveLength(1);
    expect(lenient.warnings?.map((w) => w.rule)).toContain('marker-whitespace');
    const without = await run(['parse', QWEN_CODER, '--request', toolRequest, '--no-recovery', 'marker-whitespace'], unspaced);
    expect(without.code).toBe(0);
    const read = JSON.parse(without.out) as Read;
    expect(read.tool_calls).toBeUndefined();
    expect(read.content).toBe(unspaced);
    expect(read.warnings?.map((w) => w.rule)).not.toContain('marker-whitespace');
    const typo = await run(['parse', QWEN_CODER, '--request', toolRequest, '--no-recovery', 'marker-whitespce'], unspaced);
    expect(typo.code).toBe(2);
    expect(typo.out).toBe('');
    expect(typo.err).toContain('--no-recovery marker-whitespce: no recovery rule has this id');
    expect(typo.err).toContain('did you mean marker-whitespace?');
  });
});

describe('recoveries', () => {
  it('lists the rules with their sites, and prints the registry as JSON', async () => {
    const table = await run(['recoveries']);
    expect(table.code).toBe(0);
    expect(table.out.split('\n')[0]).toMatch(/^rule\s+site\s+what it reads$/);
    expect(table.out).toMatch(/^missing-closer\s+missing-closer\s+A closer left out/m);
    const json = await run(['recoveries', '--json']);
    const rules = JSON.parse(json.out) as { id: string; site: string; examples: unknown[] }[];
    expect(rules.map((r) => r.id)).toContain('call-in-reasoning');
    expect(rules.every((r) => r.examples.length > 0)).toBe(true);
  });
});

describe('grammar', () => {
  it('prints GBNF with lazy triggers as comments', async () => {
    const { code, out } = await run(['grammar', HERMES, '--request', toolRequest]);
    expect(code).toBe(0);
    expect(out).toContain('# lazy: true');
    expect(out).toContain('# triggers: word "<tool_call>');
    expect(out).toMatch(/^root ::= /m);
  });

  it('prints JSON', async () => {
    const { out } = await run(['grammar', QWEN_CODER, '--request', toolRequest, '--json']);
    const report = JSON.parse(out) as { grammar: string; lazy: boolean; triggers: unknown[]; preserved_tokens: string[] };
    expect(report.lazy).toBe(true);
    expect(report.triggers.length).toBeGreaterThan(0);
    expect(report.grammar).toContain('root ::=');
    expect(report.preserved_tokens).toContain('<tool_call>');
  });

  it('offers only the tool a named tool_choice forces, required', async () => {
    const named = join(dir, 'named-choice.json');
    const timeTool = { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: {} } } };
    writeFileSync(named, JSON.stringify({
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [WEATHER_TOOL, timeTool],
      tool_choice: { type: 'function', function: { name: 'get_time' } },
      temperature: 0.7,
      grammar: 'root ::= "x"',
    }));
    const { code, out, err } = await run(['grammar', HERMES, '--request', named, '--json']);
    expect(code).toBe(0);
    // Sampling fields pass silently; a field autoparser does not read is noted on stderr.
    expect(err).toBe('note: grammar: is not read by autoparser; it is ignored\n');
    const report = JSON.parse(out) as { grammar: string; lazy: boolean };
    expect(report.lazy).toBe(false);
    expect(report.grammar).toContain('get_time');
    expect(report.grammar).not.toContain('get_weather');
  });

  it('needs no grammar for a plain chat', async () => {
    const { out } = await run(['grammar', GEMMA, '--request', chatRequest]);
    expect(out).toContain('# no grammar');
  });

  it('prints the grammar in xgrammar EBNF', async () => {
    const { code, out } = await run(['grammar', HERMES, '--request', toolRequest, '--format', 'ebnf']);
    expect(code).toBe(0);
    expect(out).toContain('# triggers: word "<tool_call>');
    expect(out).toMatch(/^root ::= /m);
    const json = JSON.parse((await run(['grammar', HERMES, '--request', toolRequest, '--format', 'ebnf', '--json'])).out) as { ebnf: string; lazy: boolean };
    expect(json.lazy).toBe(true);
    expect(json.ebnf).toMatch(/^root ::= /);
  });

  it('prints an xgrammar structural tag, or why there is none', async () => {
    const { code, out } = await run(['grammar', HERMES, '--request', toolRequest, '--format', 'structural-tag', '--json']);
    expect(code).toBe(0);
    const tag = JSON.parse(out) as { type: string; format: { type: string; triggers: string[] } };
    expect(tag.type).toBe('structural_tag');
    expect(tag.format.type).toBe('triggered_tags');
    expect(tag.format.triggers).toEqual(['<tool_call>\n']);
    const gptOss = await run(['grammar', `${TEMPLATES}/openai-gpt-oss-120b.jinja`, '--request', toolRequest, '--format', 'structural-tag', '--json']);
    expect(gptOss.code).toBe(2);
    expect(gptOss.out).toBe('');
    expect(gptOss.err).toContain('pattern-trigger');
  });

  it('prints the per-tool structural tag: the call around the tool\'s JSON schema', async () => {
    const { code, out } = await run(['grammar', HERMES, '--request', toolRequest, '--format', 'structural-tag', '--per-tool', '--json']);
    expect(code).toBe(0);
    const tag = JSON.parse(out) as { format: { tags: { begin: string; content: { type: string }; end: string }[] } };
    expect(tag.format.tags[0]).toMatchObject({ begin: '<tool_call>\n{"name": "get_weather", "arguments": ', content: { type: 'json_schema' }, end: '}\n</tool_call>' });
  });

  it('rejects an unknown --format', async () => {
    const { code, err } = await run(['grammar', HERMES, '--request', toolRequest, '--format', 'lark']);
    expect(code).toBe(2);
    expect(err).toContain('unknown --format "lark"');
  });
});

describe('check', () => {
  // Templates whose every expressible scenario round-trips (see the README for all 52).
  it.each(['Qwen-Qwen3-0.6B.jinja', 'GLM-4.6.jinja', 'MiMo-VL.jinja', 'Bielik-11B-v3.0-Instruct.jinja', 'google-gemma-2-2b-it.jinja', 'ibm-granite-granite-4.0.jinja', 'meta-llama-Llama-3.1-8B-Instruct.jinja', 'mistralai-Mistral-Nemo-Instruct-2407.jinja'])(
    'passes on %s',
    async (name) => {
      const { code, out } = await run(['check', `${TEMPLATES}/${name}`, '--json']);
      const report = JSON.parse(out) as { scenarios: { name: string; passed: boolean; skipped?: boolean; reason?: string }[]; failed: number };
      expect(report.scenarios.filter((s) => !s.passed && s.skipped !== true)).toEqual([]);
      expect(report.failed).toBe(0);
      expect(code).toBe(0);
    },
  );

  it('reports skipped scenarios with a reason and prints a table', async () => {
    const { code, out } = await run(['check', GEMMA]);
    expect(code).toBe(0);
    expect(out).toMatch(/content\s+pass/);
    expect(out).toMatch(/tool call\s+skip\s+the template never renders tool calls/);
    expect(out).toMatch(/response schema\s+pass\s+parsed back equal; grammar accepts; streamed in \d+ chunks alike/);
    expect(out).toContain('format general');
    expect(out).toContain('2 passed, 0 failed, 8 skipped');
  });

  it('reports the format, each failure\'s stage and the skipped count in --json', async () => {
    const { out } = await run(['check', `${TEMPLATES}/openai-gpt-oss-120b.jinja`, '--json']);
    const report = JSON.parse(out) as { format: string; scenarios: { name: string; passed: boolean; chunks?: number }[]; passed: number; failed: number; skipped: number };
    expect(report.format).toBe('gpt-oss');
    expect(report.passed + report.failed + report.skipped).toBe(report.scenarios.length);
    for (const s of report.scenarios.filter((x) => x.passed)) expect(s.chunks).toBeGreaterThan(0);
  });

  it('exits 1 when a scenario fails', async () => {
    // Calls rendered as plain text that no analysis can find: they come back as content.
    const plainCalls = join(dir, 'plain-calls.jinja');
    writeFileSync(
      plainCalls,
      "{% for m in messages %}<|{{ m.role }}|>{{ m.content or '' }}{% for c in m.tool_calls or [] %}CALL {{ c.function.name }}{% endfor %}\n{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}",
    );
    const { code, out } = await run(['check', plainCalls, '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(out) as { failed: number; scenarios: { name: string; stage?: string }[] };
    expect(report.failed).toBeGreaterThan(0);
    expect(report.scenarios.find((s) => s.name === 'tool call')?.stage).toBe('parse');
  });
});

describe('conformance', () => {
  it('delegates to the conformance tool with its product checks; all pass: status 0', async () => {
    const { code, out } = await run(['conformance', '--data', join(CONFORMANCE, 'grammar-acceptance.jsonl'), '--json']);
    const report = JSON.parse(out) as { files: Record<string, unknown>; passed: number; failed: number };
    expect(Object.keys(report.files)).toHaveLength(1);
    expect(report.passed).toBeGreaterThan(1);
    expect(report.failed).toBe(0);
    expect(code).toBe(0);
  });

  it('exits 1 when a record fails', async () => {
    // "1" does not match an integer schema with minimum 2: the product's grammar must reject it.
    const wrong = join(dir, 'grammar-acceptance.jsonl');
    writeFileSync(wrong, `${JSON.stringify({ kind: 'schema', name: 'min 2, wrongly', schema: '{"type": "integer", "minimum": 2}', passing: ['1'], failing: [] })}\n`);
    const { code, out } = await run(['conformance', '--data', wrong, '--json']);
    expect((JSON.parse(out) as { failed: number }).failed).toBeGreaterThan(0);
    expect(code).toBe(1);
  });

  it('draws the progress bar on a terminal, not in --json runs', async () => {
    const data = ['--data', join(CONFORMANCE, 'json-schema-to-gbnf.jsonl')];
    const base = collectIo();
    const terminal = { ...base, stderr: { isTTY: true, write: (text: string) => base.stderr.write(text) } };
    await cli(['conformance', ...data], terminal);
    expect(base.err()).toContain(`[${'#'.repeat(30)}] 75/75 json-schema-to-gbnf.jsonl`);
    expect(base.out()).toMatch(/\n150 passed, 0 failed\n$/); // load + grammar of 75 records
    const quiet = collectIo();
    await cli(['conformance', ...data, '--json'], { ...quiet, stderr: { isTTY: true, write: (text: string) => quiet.stderr.write(text) } });
    expect(quiet.err()).toBe('');
  });

  it('passes usage errors through with status 2', async () => {
    const { code, err } = await run(['conformance', '--bogus']);
    expect(code).toBe(2);
    expect(err).toMatch(/^error: /);
  });
});

describe('debug', () => {
  /** Starts `autoparser debug …` in-process; resolves once it has printed its URL. */
  const startDebug = (argv: string[], openUrl?: (url: string) => Promise<boolean>): Promise<Serving> =>
    startServing(['debug', ...argv], /http:\/\/127\.0\.0\.1:\d+\//, openUrl);

  it('serves the debugger on localhost with the template preloaded, until stopped', async () => {
    const server = await startDebug([QWEN_CODER, '--no-open', '--port', '0']);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/$/);
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('template debugger');
    const preload = (await (await fetch(new URL('preload.json', server.url))).json()) as { name: string; source: string };
    expect(preload).toEqual({ name: 'Qwen3-Coder.jinja', source: readFileSync(QWEN_CODER, 'utf8') });
    expect(server.out()).toContain('template          Qwen3-Coder.jinja (opens first)');
    expect(await server.stop()).toBe(0);
    await expect(fetch(server.url)).rejects.toThrow();
  });

  it('serves without a template (preload.json is null) and opens the browser unless --no-open', async () => {
    const opened: string[] = [];
    const server = await startDebug(['--port', '0'], (url) => {
      opened.push(url);
      return Promise.resolve(false);
    });
    expect(opened).toEqual([server.url]);
    expect(await (await fetch(new URL('preload.json', server.url))).json()).toBeNull();
    // Failing to open a browser is no error: the URL is printed anyway.
    expect(server.err()).toContain(`note: could not open a browser; open ${server.url} yourself`);
    expect(await server.stop()).toBe(0);
  });

  it('reads a template from a tokenizer config, naming the variant', async () => {
    const config = join(dir, 'tokenizer_config.json');
    writeFileSync(config, JSON.stringify({ chat_template: [{ name: 'default', template: 'A' }, { name: 'tool_use', template: 'B' }] }));
    const server = await startDebug([config, '--variant', 'tool_use', '--no-open', '--port', '0']);
    expect(await (await fetch(new URL('preload.json', server.url))).json()).toEqual({ name: 'tokenizer_config.json (tool_use)', source: 'B' });
    expect(await server.stop()).toBe(0);
  });

  it('prints help', async () => {
    const { code, out } = await run(['debug', '--help']);
    expect(code).toBe(0);
    expect(out).toContain('Usage: autoparser debug [<template>] [--port N] [--no-open]');
  });
});

describe('errors', () => {

  it('reports a missing template', async () => expectUsageError(await run(['analyze', join(dir, 'nope.jinja')]), /template not found/));
  it('reports a missing request file', async () => expectUsageError(await run(['render', GEMMA, '--request', join(dir, 'nope.json')]), /request file not found/));
  it('reports a missing --request', async () => expectUsageError(await run(['grammar', GEMMA]), /missing --request/));
  it('reports bad request JSON', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"messages": [');
    expectUsageError(await run(['render', GEMMA, '--request', bad]), /invalid JSON/);
  });
  it('reports a request without messages', async () => {
    const bad = join(dir, 'nomessages.json');
    writeFileSync(bad, '{"tools": []}');
    expectUsageError(await run(['parse', GEMMA, '--request', bad]), /nomessages\.json: messages: must be an array of messages, not absent/);
  });
  it('reports a request whose "strict" is not a boolean', async () => {
    const bad = join(dir, 'badstrict.json');
    writeFileSync(bad, '{"messages": [{"role": "user", "content": "hi"}], "strict": "yes"}');
    expectUsageError(await run(['parse', GEMMA, '--request', bad]), /strict: must be true or false, not a string/);
  });
  it('names the path of every rejected request field', async () => {
    const bad = join(dir, 'badcall.json');
    const call = { type: 'function', function: { name: 'f', arguments: 42 } };
    writeFileSync(bad, JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', tool_calls: [call] }], tool_choice: 'any' }));
    const { err } = await run(['parse', GEMMA, '--request', bad]);
    expect(err).toContain('messages[1].tool_calls[0].function.arguments: must be JSON text of an object (or an object), not a number');
    expect(err).toContain('tool_choice: must be "auto", "required", "none"');
  });
  it('reports --strict on a command without a parser', async () => expectUsageError(await run(['render', GEMMA, '--request', chatRequest, '--strict']), /unknown option '--strict'/));
  it('reports an unknown command', async () => expectUsageError(await run(['frobnicate']), /unknown command "frobnicate"/));
  it('reports an unknown flag', async () => expectUsageError(await run(['analyze', GEMMA, '--frob']), /unknown option '--frob'/));
  it('reports a missing input file', async () => expectUsageError(await run(['parse', GEMMA, '--request', chatRequest, '--input', join(dir, 'none.txt')]), /input file not found/));
  it('reports a bad --chunk', async () => expectUsageError(await run(['parse', GEMMA, '--request', chatRequest, '--stream', '--chunk', '0']), /--chunk/));
  it('reports a bad debug --port', async () => expectUsageError(await run(['debug', '--port', 'x', '--no-open']), /--port must be an integer/));
  it('reports a debug template that does not exist', async () => expectUsageError(await run(['debug', join(dir, 'nope.jinja'), '--no-open']), /template not found/));
});
