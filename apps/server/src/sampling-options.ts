import { badRequest } from './openai-error.js';

/** The fields of a chat-completions body that steer sampling and delivery (the request model reads the rest). */
export interface SamplingOptions {
  readonly stream: boolean;
  /** `stream_options.include_usage`: a last chunk carries the usage. */
  readonly includeUsage: boolean;
  /** `max_completion_tokens` or `max_tokens`, if given. */
  readonly maxTokens: number | undefined;
  readonly temperature: number | undefined;
  readonly topP: number | undefined;
  /** llama.cpp's `top_k`. */
  readonly topK: number | undefined;
  readonly seed: number | undefined;
  /** The client's stop strings. */
  readonly stop: readonly string[];
}

type Body = Readonly<Record<string, unknown>>;

const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function optionalNumber(body: Body, key: string, min: number, max: number, integer: boolean): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`${key}: must be a number, not ${typeName(value)}`, key, 'wrong-type');
  if (integer && !Number.isInteger(value)) throw badRequest(`${key}: must be an integer, not ${value}`, key, 'invalid-value');
  if (value < min || value > max) throw badRequest(`${key}: must be between ${min} and ${max}, not ${value}`, key, 'invalid-value');
  return value;
}

function optionalBoolean(body: Body, key: string, path = key): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${path}: must be a boolean, not ${typeName(value)}`, path, 'wrong-type');
  return value;
}

function readStop(body: Body): string[] {
  const stop = body['stop'];
  if (stop === undefined || stop === null) return [];
  if (typeof stop === 'string') return stop === '' ? [] : [stop];
  if (!Array.isArray(stop)) throw badRequest(`stop: must be a string or an array of strings, not ${typeName(stop)}`, 'stop', 'wrong-type');
  return stop.map((item: unknown, index) => {
    if (typeof item !== 'string') throw badRequest(`stop[${index}]: must be a string, not ${typeName(item)}`, `stop[${index}]`, 'wrong-type');
    return item;
  }).filter((item) => item !== '');
}

/** Reads and checks the sampling fields of a body (a typed 400 for a wrong type or value). */
export function readSamplingOptions(body: Body): SamplingOptions {
  // Only checked: one choice is all this server returns (`n` > 1 is a 400).
  optionalNumber(body, 'n', 1, 1, true);
  const model = body['model'];
  if (model !== undefined && model !== null && typeof model !== 'string') throw badRequest(`model: must be a string, not ${typeName(model)}`, 'model', 'wrong-type');
  const options = body['stream_options'];
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw badRequest(`stream_options: must be an object, not ${typeName(options)}`, 'stream_options', 'wrong-type');
  }
  const includeUsage = options === undefined || options === null ? undefined : optionalBoolean(options as Body, 'include_usage', 'stream_options.include_usage');
  const completion = optionalNumber(body, 'max_completion_tokens', 1, Number.MAX_SAFE_INTEGER, true);
  const legacy = optionalNumber(body, 'max_tokens', 1, Number.MAX_SAFE_INTEGER, true);
  return {
    stream: optionalBoolean(body, 'stream') ?? false,
    includeUsage: includeUsage ?? false,
    maxTokens: completion ?? legacy,
    temperature: optionalNumber(body, 'temperature', 0, 2, false),
    topP: optionalNumber(body, 'top_p', 0, 1, false),
    topK: optionalNumber(body, 'top_k', 0, Number.MAX_SAFE_INTEGER, true),
    seed: optionalNumber(body, 'seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, true),
    stop: readStop(body),
  };
}
