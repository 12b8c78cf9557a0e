import { createHash } from 'node:crypto';
import { createChatParser, replayStream, type AssistantMessage, type ChatParser } from '@autoparser/core';
import { accumulateDeltas } from '../checks/accumulate-deltas.js';
import type { CorpusRecord, IntendedMessage } from './corpus-record.js';
import { lostWords } from './lost-words.js';

/**
 * The half of the corpus a record belongs to, fixed by its id alone before anyone reads it:
 * `tune` when the first byte of sha256(id) is even, `check` otherwise. Work on the parser may
 * look at the tune half's misses; the check half only gives a rate.
 */
export type CorpusHalf = 'tune' | 'check';

/** The half of the record with this id (see {@link CorpusHalf}). */
export function corpusHalf(id: string): CorpusHalf {
  return createHash('sha256').update(id, 'utf8').digest()[0]! % 2 === 0 ? 'tune' : 'check';
}

/** Records and how many of them read as intended. */
export interface CorpusRate {
  readonly total: number;
  readonly intended: number;
}

/** One half's figures: its rate, and per family. */
export interface CorpusHalfReport extends CorpusRate {
  readonly families: Readonly<Record<string, CorpusRate>>;
}

/** How one record read. */
export interface CorpusResult {
  readonly id: string;
  readonly family: string;
  readonly half: CorpusHalf;
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
  readonly families: Readonly<Record<string, CorpusRate>>;
  /** The same figures for each half (see {@link corpusHalf}). */
  readonly halves: Readonly<Record<CorpusHalf, CorpusHalfReport>>;
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
  const base = { id: record.id, family: record.family, half: corpusHalf(record.id) };
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
  const families = familyRates(results);
  const half = (which: CorpusHalf): CorpusHalfReport => {
    const mine = results.filter((r) => r.half === which);
    return { total: mine.length, intended: mine.filter((r) => r.intended).length, families: familyRates(mine) };
  };
  return {
    total: results.length,
    intended: results.filter((r) => r.intended).length,
    throws: results.filter((r) => r.threw !== undefined).length,
    lost: results.filter((r) => r.lost.length > 0).length,
    streamMismatches: results.filter((r) => r.threw === undefined && !r.streamed).length,
    families,
    halves: { tune: half('tune'), check: half('check') },
    results,
  };
}

/** Per family (sorted by name): records and how many read as intended. */
function familyRates(results: readonly CorpusResult[]): Record<string, CorpusRate> {
  const families: Record<string, { total: number; intended: number }> = {};
  for (const r of [...results].sort((a, b) => (a.family < b.family ? -1 : a.family > b.family ? 1 : 0))) {
    const f = (families[r.family] ??= { total: 0, intended: 0 });
    f.total++;
    if (r.intended) f.intended++;
  }
  return families;
}

/** The summary line: `N of M parse to the intended message, T throws, L lost`. */
export function corpusSummary(report: CorpusReport): string {
  return `${report.intended} of ${report.total} parse to the intended message, ${report.throws} throws, ${report.lost} lost`;
}

/** The halves' line: `tune N of M, check N of M`. */
export function halvesSummary(report: CorpusReport): string {
  const { tune, check } = report.halves;
  return `tune ${tune.intended} of ${tune.total}, check ${check.intended} of ${check.total}`;
}

/**
 * How the results disagree with the known misses: records that miss and are not listed, listed
 * records that now read as intended (the list only shrinks), and listed ids the corpus lacks.
 */
export function knownMissProblems(report: CorpusReport, known: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  const ids = new Set(report.results.map((r) => r.id));
  for (const r of report.results) {
    if (!r.intended && !known.has(r.id)) problems.push(`${r.id}: misses and is not a known miss`);
    if (r.intended && known.has(r.id)) problems.push(`${r.id}: reads as intended; take it off the known misses`);
  }
  for (const id of known.keys()) if (!ids.has(id)) problems.push(`${id}: a known miss the corpus does not hold`);
  return problems;
}
