import { createChatParser, replayStream, type AssistantMessage, type ChatParser } from '@autoparser/core';
import { accumulateDeltas } from '../checks/accumulate-deltas.js';
import type { CorpusRecord, IntendedMessage } from './corpus-record.js';
import { lostWords } from './lost-words.js';

/** How one record read. */
export interface CorpusResult {
  readonly id: string;
  readonly family: string;
  /** The parse gave the intended message. */
  readonly intended: boolean;
  /** Building the parser or parsing threw: the error's message. */
  readonly threw?: string;
  /** Words of the output the message lost (see `lostWords`). */
  readonly lost: readonly string[];
  /** The message read (absent when it threw). */
  readonly message?: AssistantMessage;
  /** The rules of the `recovered` warnings, in order. */
  readonly recovered: readonly string[];
  /** Streamed one code point at a time, the deltas add up to the parse of the whole output. */
  readonly streamed: boolean;
}

/** The corpus figures: how many records read as intended, threw, lost text. */
export interface CorpusReport {
  readonly total: number;
  readonly intended: number;
  readonly throws: number;
  readonly lost: number;
  /** Records whose stream does not add up to their parse (see {@link CorpusResult.streamed}). */
  readonly streamMismatches: number;
  /** Per family: records and how many read as intended. */
  readonly families: Readonly<Record<string, { readonly total: number; readonly intended: number }>>;
  readonly results: readonly CorpusResult[];
}

const spaced = (text: string): string => text.replace(/\s+/gu, ' ').trim();

const sameJson = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return sameJson(ka, kb) && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
};

/**
 * Whether `message` is the intended one: the same calls in order (names, and arguments as
 * JSON values), the same content and, when the record gives it, reasoning — text compared
 * with runs of whitespace as one space, trimmed (layout is not meaning).
 */
export function isIntended(message: AssistantMessage, expected: IntendedMessage): boolean {
  const calls = message.tool_calls ?? [];
  if (calls.length !== expected.tool_calls.length) return false;
  const callsMatch = calls.every((call, i) => {
    const want = expected.tool_calls[i]!;
    if (call.function.name !== want.name) return false;
    try {
      return sameJson(JSON.parse(call.function.arguments) as unknown, want.arguments);
    } catch {
      return false;
    }
  });
  if (!callsMatch || spaced(message.content) !== spaced(expected.content)) return false;
  return expected.reasoning_content === undefined || spaced(message.reasoning_content ?? '') === spaced(expected.reasoning_content);
}

/** The template source and every literal text of the parser: the format's own words. */
function syntaxOf(parser: ChatParser, templateSource: string): string {
  const texts = [templateSource];
  for (const node of parser.arena.nodes) {
    if (node.kind === 'literal') texts.push(node.text);
    else if (node.kind === 'until') texts.push(...node.delimiters);
  }
  return texts.join('\n');
}

/** Whether streaming `output` one code point at a time adds up to `parsed` (content, reasoning, calls). */
function streamsAsParsed(parser: ChatParser, output: string, parsed: AssistantMessage): boolean {
  const { deltas } = replayStream(parser.stream(), output, 1, { end: true });
  const streamed = accumulateDeltas(undefined, deltas.map((d) => d.delta));
  const calls = (parsed.tool_calls ?? []).map((c) => [c.function.name, c.function.arguments]);
  return (
    streamed.content === parsed.content &&
    streamed.reasoning_content === (parsed.reasoning_content ?? '') &&
    JSON.stringify(streamed.tool_calls.map((c) => [c.function.name, c.function.arguments])) === JSON.stringify(calls)
  );
}

/** Reads one record with the default (lenient) parser of its template and request. */
function runRecord(record: CorpusRecord, templateSource: string): CorpusResult {
  const base = { id: record.id, family: record.family };
  try {
    const parser = createChatParser(templateSource, {
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [...record.tools],
      tool_choice: 'auto',
      parallel_tool_calls: record.request?.parallel_tool_calls ?? true,
      ...(record.request?.enable_thinking === undefined ? {} : { enable_thinking: record.request.enable_thinking }),
    });
    const { warnings, ...message } = parser.parse(record.output);
    const recovered = (warnings ?? []).flatMap((w) => (w.code === 'recovered' && w.rule !== undefined ? [w.rule] : []));
    const lost = lostWords(record.output, message, syntaxOf(parser, templateSource));
    return { ...base, intended: isIntended(message, record.expected), lost, message, recovered, streamed: streamsAsParsed(parser, record.output, message) };
  } catch (error) {
    return { ...base, intended: false, threw: error instanceof Error ? error.message : String(error), lost: [], recovered: [], streamed: false };
  }
}

/** Runs every record; `templateOf(name)` gives a template's source. */
export function runRecoveryCorpus(records: readonly CorpusRecord[], templateOf: (name: string) => string): CorpusReport {
  const results = records.map((record) => runRecord(record, templateOf(record.template)));
  const families: Record<string, { total: number; intended: number }> = {};
  for (const r of results) {
    const f = (families[r.family] ??= { total: 0, intended: 0 });
    f.total++;
    if (r.intended) f.intended++;
  }
  return {
    total: results.length,
    intended: results.filter((r) => r.intended).length,
    throws: results.filter((r) => r.threw !== undefined).length,
    lost: results.filter((r) => r.lost.length > 0).length,
    streamMismatches: results.filter((r) => r.threw === undefined && !r.streamed).length,
    families,
    results,
  };
}

/** The summary line: `N of M parse to the intended message, T throws, L lost`. */
export function corpusSummary(report: CorpusReport): string {
  return `${report.intended} of ${report.total} parse to the intended message, ${report.throws} throws, ${report.lost} lost`;
}
