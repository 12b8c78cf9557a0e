import type { JsonValue } from '@autoparser/peg-core';

/** A JSON object (not null, not an array): what schemas and tool parameters are. */
export type JsonObject = { readonly [key: string]: JsonValue };

/** Whether `value` is a JSON object (an object that is neither null nor an array). */
export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
