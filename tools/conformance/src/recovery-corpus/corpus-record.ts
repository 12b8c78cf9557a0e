import type { ChatRequest } from '@autoparser/core';
import { ConformanceDataError } from '../conformance-data-error.js';

/** A tool of a request, as core reads it. */
type ToolDefinition = NonNullable<ChatRequest['tools']>[number];

/** A tool call as the model meant it: the arguments as a JSON value, not text. */
export interface IntendedCall {
  readonly name: string;
  readonly arguments: unknown;
}

/** The message a recorded output means. `reasoning_content` is compared only when given. */
export interface IntendedMessage {
  readonly content: string;
  readonly reasoning_content?: string;
  readonly tool_calls: readonly IntendedCall[];
}

/** Where a recorded output comes from: a file of another project at a commit, and the case in it. */
export interface CorpusSource {
  readonly repo: string;
  readonly path: string;
  readonly commit: string;
  readonly case: string;
}

/** One real model output of the recovery corpus. */
export interface CorpusRecord {
  readonly id: string;
  /** The model family (Qwen3-Coder, Hermes, …), for the per-family figures. */
  readonly family: string;
  /** A template of ../shared/templates, or `zoo/<family>/<name>` of tools/zoo/templates; without `.jinja`. */
  readonly template: string;
  readonly tools: readonly ToolDefinition[];
  /** Request members beyond the defaults (`enable_thinking`, `parallel_tool_calls`). */
  readonly request?: { readonly enable_thinking?: boolean; readonly parallel_tool_calls?: boolean };
  readonly output: string;
  readonly expected: IntendedMessage;
  readonly source: CorpusSource;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** Why `value` is no {@link CorpusRecord}, or undefined. */
function problem(value: unknown): string | undefined {
  if (!isObject(value)) return 'a record must be a JSON object';
  for (const key of ['id', 'family', 'template', 'output'] as const) if (!isString(value[key])) return `"${key}" must be a string`;
  if ((value['template'] as string).split('/').some((part) => part === '..' || part === '') || ((value['template'] as string).includes('/') && !(value['template'] as string).startsWith('zoo/'))) {
    return '"template" must name a file of shared/templates or zoo/<family>/<name>';
  }
  if (!Array.isArray(value['tools'])) return '"tools" must be an array';
  const expected = value['expected'];
  if (!isObject(expected) || !isString(expected['content']) || !Array.isArray(expected['tool_calls'])) {
    return '"expected" must have a string "content" and a "tool_calls" array';
  }
  if (expected['tool_calls'].some((c) => !isObject(c) || !isString(c['name']) || !('arguments' in c))) return 'each expected call needs "name" and "arguments"';
  const source = value['source'];
  if (!isObject(source) || !['repo', 'path', 'commit', 'case'].every((k) => isString(source[k]))) return '"source" must name "repo", "path", "commit" and "case"';
  if (!/^[0-9a-f]{40}$/.test(source['commit'] as string)) return '"source.commit" must be 40 hex digits';
  return undefined;
}

/**
 * The records of a corpus file (JSON Lines; blank lines skipped).
 *
 * @throws {@link ConformanceDataError} `bad-json` or `invalid-record`, naming the line.
 */
export function readCorpus(text: string, file: string): CorpusRecord[] {
  const records: CorpusRecord[] = [];
  const ids = new Set<string>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new ConformanceDataError('bad-json', file, i + 1, error instanceof Error ? error.message : String(error));
    }
    const why = problem(value);
    if (why !== undefined) throw new ConformanceDataError('invalid-record', file, i + 1, why);
    const record = value as CorpusRecord;
    if (ids.has(record.id)) throw new ConformanceDataError('invalid-record', file, i + 1, `duplicate id "${record.id}"`);
    ids.add(record.id);
    records.push(record);
  });
  return records;
}

/** A record of the corpus known not to read as intended, and why (a short reason class). */
export interface KnownMiss {
  readonly id: string;
  readonly reason: string;
}

/**
 * The known misses of a JSON file (an array of `{id, reason}`).
 *
 * @throws {@link ConformanceDataError} `bad-json` or `invalid-record`, naming the entry.
 */
export function readKnownMisses(text: string, file: string): KnownMiss[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConformanceDataError('bad-json', file, 1, error instanceof Error ? error.message : String(error));
  }
  if (!Array.isArray(value)) throw new ConformanceDataError('invalid-record', file, 1, 'the known misses must be a JSON array');
  const ids = new Set<string>();
  return value.map((entry: unknown, i) => {
    if (!isObject(entry) || !isString(entry['id']) || !isString(entry['reason']) || entry['reason'].trim() === '') {
      throw new ConformanceDataError('invalid-record', file, i + 1, `entry ${i} must have a string "id" and a non-empty "reason"`);
    }
    if (ids.has(entry['id'])) throw new ConformanceDataError('invalid-record', file, i + 1, `duplicate id "${entry['id']}"`);
    ids.add(entry['id']);
    return { id: entry['id'], reason: entry['reason'] };
  });
}
