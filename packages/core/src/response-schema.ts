import type { JsonValue } from '@autoparser/jinja';
import type { ChatRequest } from './chat-request.js';

const isObject = (v: unknown): v is { [key: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The response JSON schema a request asks for, or `undefined`. `json_schema` wins over
 * `response_format`; a `json_schema` string that is not JSON counts as no schema (the
 * caller reports it).
 */
export function responseSchema(request: ChatRequest): { [key: string]: JsonValue } | undefined {
  const given = request.json_schema;
  if (typeof given === 'string') {
    if (given.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(given);
        return isObject(parsed) ? parsed : undefined;
      } catch {
        return undefined;
      }
    }
  } else if (isObject(given)) return given;
  const format = request.response_format;
  if (format?.type === 'json_schema') {
    const schema = format.json_schema?.schema ?? format.schema;
    return isObject(schema) ? schema : undefined;
  }
  if (format?.type === 'json_object') return { type: 'object' };
  return undefined;
}
