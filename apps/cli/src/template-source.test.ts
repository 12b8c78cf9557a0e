import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './cli.js';
import { CliError } from './cli-error.js';
import { bytesSource, readGgufChatTemplates } from './gguf-reader.js';
import { loadTemplate } from './template-source.js';
import { collectIo } from './test-support/collect-io.js';
import { ggufBytes } from './test-support/gguf-fixture.js';

const TEMPLATES = fileURLToPath(new URL('../../../../shared/templates', import.meta.url));
const GEMMA_PATH = join(TEMPLATES, 'google-gemma-2-2b-it.jinja');
const GEMMA = readFileSync(GEMMA_PATH, 'utf8');
const QWEN_CODER = readFileSync(join(TEMPLATES, 'Qwen3-Coder.jinja'), 'utf8');

let dir: string;
let gguf: Uint8Array;

// Metadata shaped like a real model's: numbers and a vocabulary before the template.
const metadata = () =>
  [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.alignment', { type: 'u32', value: 32 }],
    ['llama.rope.freq_base', { type: 'f32', value: 10000 }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: ['<s>', '</s>', 'hello', 'wörld', '🌤'] }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: [3, 3, 1, 1, 1] }],
    ['tokenizer.chat_template', { type: 'string', value: GEMMA }],
    ['tokenizer.chat_template.tool_use', { type: 'string', value: QWEN_CODER }],
  ] as const;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'autoparser-src-'));
  gguf = ggufBytes(metadata(), 291);
  writeFileSync(join(dir, 'model.gguf'), gguf);
  writeFileSync(join(dir, 'tokenizer_config.json'), JSON.stringify({ bos_token: '<s>', chat_template: GEMMA }));
  writeFileSync(
    join(dir, 'multi_config.json'),
    JSON.stringify({
      chat_template: [
        { name: 'default', template: GEMMA },
        { name: 'tool_use', template: QWEN_CODER },
      ],
    }),
  );
  writeFileSync(join(dir, 'named_only.json'), JSON.stringify({ chat_template: [{ name: 'rag', template: GEMMA }] }));
});

describe('template sources', () => {
  it('reads a .jinja file', () => {
    const loaded = loadTemplate(GEMMA_PATH);
    expect(loaded).toMatchObject({ kind: 'jinja', source: GEMMA });
  });

  it('reads a tokenizer_config.json with a string template', () => {
    expect(loadTemplate(join(dir, 'tokenizer_config.json'))).toMatchObject({ kind: 'tokenizer_config', variant: 'default', source: GEMMA });
  });

  it('picks variants of a list of named templates', () => {
    expect(loadTemplate(join(dir, 'multi_config.json')).source).toBe(GEMMA);
    expect(loadTemplate(join(dir, 'multi_config.json'), 'tool_use').source).toBe(QWEN_CODER);
  });

  it('lists the names when the variant is unknown', () => {
    expect(() => loadTemplate(join(dir, 'named_only.json'))).toThrow(/no chat template named "default"; available: rag/);
    expect(() => loadTemplate(join(dir, 'multi_config.json'), 'nope')).toThrow(/available: default, tool_use/);
  });

  it('reads the chat templates of a generated GGUF without touching tensors', () => {
    expect(loadTemplate(join(dir, 'model.gguf'))).toMatchObject({ kind: 'gguf', variant: 'default', source: GEMMA });
    expect(loadTemplate(join(dir, 'model.gguf'), 'tool_use').source).toBe(QWEN_CODER);
    const found = readGgufChatTemplates(bytesSource(gguf), 'model.gguf', 'none');
    expect(found.version).toBe(3);
    expect([...found.templates.keys()]).toEqual(['default', 'tool_use']);
  });

  it('stops reading once the wanted template is found', () => {
    // Everything after the default template is cut off: still readable.
    const end = gguf.length - (QWEN_CODER.length + 8 + 4 + 8 + 'tokenizer.chat_template.tool_use'.length);
    const found = readGgufChatTemplates(bytesSource(gguf.subarray(0, end)), 'cut.gguf', 'default');
    expect(found.templates.get('default')).toBe(GEMMA);
  });

  it('refuses a GGUF without a chat template, naming what it has', () => {
    writeFileSync(join(dir, 'bare.gguf'), ggufBytes([['general.architecture', { type: 'string', value: 'llama' }]]));
    expect(() => loadTemplate(join(dir, 'bare.gguf'))).toThrow(/no chat template named "default"/);
  });

  it('turns every truncation of a GGUF into a CliError, never a crash', () => {
    const bytes = ggufBytes(metadata().slice(0, 7));
    for (let cut = 0; cut < bytes.length; cut += 7) {
      try {
        readGgufChatTemplates(bytesSource(bytes.subarray(0, cut)), 'cut.gguf');
        throw new Error(`cut at ${cut} was accepted`);
      } catch (error) {
        expect(error, `cut at ${cut}`).toBeInstanceOf(CliError);
      }
    }
  });

  it('refuses impossible counts and lengths', () => {
    const bytes = ggufBytes(metadata()).slice();
    const view = new DataView(bytes.buffer);
    view.setBigUint64(16, 0xffff_ffff_ffn, true); // metadata count
    expect(() => readGgufChatTemplates(bytesSource(bytes), 'huge.gguf')).toThrow(/corrupt GGUF: .*cannot fit/);
    const badType = ggufBytes([['x', { type: 'u32', value: 1 }]]).slice();
    new DataView(badType.buffer).setUint32(24 + 8 + 1, 99, true);
    expect(() => readGgufChatTemplates(bytesSource(badType), 'type.gguf')).toThrow(/unknown type 99/);
  });
});

describe('template sources through the CLI', () => {
  const run = async (argv: string[]) => {
    const io = collectIo();
    const code = await cli(argv, io);
    return { code, out: io.out(), err: io.err() };
  };

  it('analyzes a GGUF variant and a tokenizer config', async () => {
    const fromGguf = await run(['analyze', join(dir, 'model.gguf'), '--variant', 'tool_use', '--json']);
    expect(fromGguf.code).toBe(0);
    expect(JSON.parse(fromGguf.out)).toMatchObject({ kind: 'gguf', variant: 'tool_use', analysis: { tools: { format: { mode: 'TAG_WITH_TAGGED' } } } });
    const fromConfig = await run(['check', join(dir, 'tokenizer_config.json')]);
    expect(fromConfig.code).toBe(0);
  });

  it('reports a corrupt GGUF as one error line with a hint', async () => {
    writeFileSync(join(dir, 'corrupt.gguf'), gguf.subarray(0, 200));
    const { code, err } = await run(['analyze', join(dir, 'corrupt.gguf')]);
    expect(code).toBe(2);
    expect(err).toMatch(/^error: .*corrupt GGUF: .*runs past the end of the file/);
    expect(err).toMatch(/\nhint: /);
  });

  it('reports a .gguf that is not GGUF', async () => {
    writeFileSync(join(dir, 'fake.gguf'), 'not a model at all');
    const { code, err } = await run(['analyze', join(dir, 'fake.gguf')]);
    expect(code).toBe(2);
    expect(err).toMatch(/^error: .*not a GGUF file/);
  });

  it('refuses --variant on a .jinja file', async () => {
    const { code, err } = await run(['analyze', GEMMA_PATH, '--variant', 'x']);
    expect(code).toBe(2);
    expect(err).toMatch(/^error: --variant does not apply/);
  });

  it('reports bad tokenizer_config JSON', async () => {
    writeFileSync(join(dir, 'broken.json'), '{"chat_template": ');
    const { code, err } = await run(['analyze', join(dir, 'broken.json')]);
    expect(code).toBe(2);
    expect(err).toMatch(/^error: .*invalid JSON/);
  });
});
