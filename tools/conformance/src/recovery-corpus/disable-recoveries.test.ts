import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createChatParser, recoveryRules, type ChatRequest, type RecoveryRuleId } from '@autoparser/core';
import { describe, expect, it } from 'vitest';
import { corpusTemplateFile, defaultDataDir, defaultTemplateDir, deliberateDifferencesFile, recoveryCorpusFile } from '../paths.js';
import { readCorpus, type CorpusRecord } from './corpus-record.js';

// Turning a rule off must really take it out of the parser, for every rule the real
// outputs of the recovery corpus exercise, and leave the text in the message.


const sources = new Map<string, string>();
const templateOf = (name: string): string => {
  let source = sources.get(name);
  if (source === undefined) sources.set(name, (source = readFileSync(corpusTemplateFile(name), 'utf8')));
  return source;
};

const requestOf = (record: CorpusRecord, strict = false): ChatRequest => ({
  messages: [{ role: 'user', content: 'Hi' }],
  tools: [...record.tools],
  tool_choice: 'auto',
  parallel_tool_calls: record.request?.parallel_tool_calls ?? true,
  ...(record.request?.enable_thinking === undefined ? {} : { enable_thinking: record.request.enable_thinking }),
  ...(strict ? { strict: true } : {}),
});

// Records whose template the parser cannot build (known misses, see known-misses.json) exercise no rule.
const records = readCorpus(readFileSync(recoveryCorpusFile, 'utf8'), recoveryCorpusFile).filter((record) => {
  try {
    createChatParser(templateOf(record.template), requestOf(record));
    return true;
  } catch {
    return false;
  }
});

const rulesOf = (warnings: readonly { code: string; rule?: RecoveryRuleId | undefined }[] | undefined): RecoveryRuleId[] =>
  (warnings ?? []).flatMap((w) => (w.code === 'recovered' && w.rule !== undefined ? [w.rule] : []));

/** Letters and digits of a message's texts, in order: what no reading may lose. */
const words = (message: { content: string; reasoning_content?: string; tool_calls?: readonly { function: { name: string; arguments: string } }[] }): string =>
  [message.reasoning_content ?? '', message.content, ...(message.tool_calls ?? []).flatMap((c) => [c.function.name, c.function.arguments])].join(' ');

describe('recoveries.disable over the recovery corpus', () => {
  const applied = records.map((record) => ({ record, rules: rulesOf(createChatParser(templateOf(record.template), requestOf(record)).parse(record.output).warnings) }));
  const exercised = new Set(applied.flatMap(({ rules }) => rules));

  it('exercises at least a dozen distinct rules', () => {
    expect(exercised.size).toBeGreaterThanOrEqual(12);
  });

  it('a disabled rule never applies, and the output stays in the message', () => {
    const failures: string[] = [];
    for (const { record, rules } of applied) {
      for (const rule of new Set(rules)) {
        const parser = createChatParser(templateOf(record.template), requestOf(record), { recoveries: { disable: [rule] } });
        const message = parser.parse(record.output);
        if (rulesOf(message.warnings).includes(rule)) failures.push(`${record.id}: ${rule} still applied`);
        const stream = parser.stream();
        stream.push(record.output);
        const { warnings: _, ...streamed } = stream.finish();
        const { warnings: __, ...parsed } = message;
        if (JSON.stringify(streamed) !== JSON.stringify(parsed)) failures.push(`${record.id}: without ${rule} the stream differs from parse`);
        if (words(message).replace(/\W/g, '') === '' && record.output.trim() !== '') failures.push(`${record.id}: without ${rule} the message is empty`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('with every rule disabled, no recovery applies', () => {
    const all = recoveryRules.map((rule) => rule.id);
    const failures = applied.flatMap(({ record }) => {
      const message = createChatParser(templateOf(record.template), requestOf(record), { recoveries: { disable: all } }).parse(record.output);
      return rulesOf(message.warnings).map((rule) => `${record.id}: ${rule}`);
    });
    expect(failures).toEqual([]);
  });

  it('with every rule disabled, reads as the strict parser does', () => {
    const all = recoveryRules.map((rule) => rule.id);
    const differ = records.flatMap((record) => {
      const { warnings: _s, ...strict } = createChatParser(templateOf(record.template), requestOf(record, true)).parse(record.output);
      const { warnings: _e, ...empty } = createChatParser(templateOf(record.template), requestOf(record), { recoveries: { disable: all } }).parse(record.output);
      return JSON.stringify(strict) === JSON.stringify(empty) ? [] : [record.id];
    });
    expect(differ).toEqual([]);
  });

  it('rejects an id that names no rule, naming it', () => {
    const record = records[0]!;
    expect(() => createChatParser(templateOf(record.template), requestOf(record), { recoveries: { disable: ['missing-closr' as RecoveryRuleId] } })).toThrow(
      /recoveries\.disable\[0\]: "missing-closr" is no recovery rule/,
    );
    expect(() => createChatParser(templateOf(record.template), requestOf(record), { recoveries: { disable: ['my-plugin/odd-spacing'] } })).not.toThrow();
  });
});

describe('strict is the empty rule set, on the reference chat cases', () => {
  interface Case {
    readonly id: string;
    readonly template: string;
    readonly input: string;
    readonly is_partial: boolean;
    readonly params: ChatRequest & { readonly json_schema?: string };
  }
  const cases = readFileSync(join(defaultDataDir, 'chat-cases.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Case);
  // Deliberate differences keep the reference's strict reading (it drops text); with every
  // rule off the lenient parser still never drops text, so those cases differ on purpose.
  const deliberate = new Set((JSON.parse(readFileSync(deliberateDifferencesFile, 'utf8')) as { id: string }[]).map((d) => d.id));

  it('reads every case, but the deliberate differences, as the strict parser does with every rule disabled', () => {
    const all = recoveryRules.map((rule) => rule.id);
    const differ: string[] = [];
    for (const c of cases) {
      const source = readFileSync(join(defaultTemplateDir, c.template), 'utf8');
      const request: ChatRequest = { ...c.params, json_schema: c.params.json_schema === '' ? undefined : c.params.json_schema };
      const { warnings: _s, ...strict } = createChatParser(source, { ...request, strict: true }).parse(c.input, { partial: c.is_partial });
      const { warnings: _e, ...empty } = createChatParser(source, request, { recoveries: { disable: all } }).parse(c.input, { partial: c.is_partial });
      if (JSON.stringify(strict) !== JSON.stringify(empty)) differ.push(c.id);
    }
    expect(cases.length).toBe(280);
    expect(differ.filter((id) => !deliberate.has(id))).toEqual([]);
  });
});
