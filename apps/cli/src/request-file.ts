import { readFileSync } from 'node:fs';
import { parseChatRequest, type ChatRequest } from '@autoparser/core';
import { CliError, errorMessage } from './cli-error.js';

/** A request file read by core's request model. */
export interface LoadedRequest {
  /** What `createChatParser` takes. */
  readonly request: ChatRequest;
  /** Warnings of the request model (ignored fields, media markers), printed to stderr. */
  readonly notes: readonly string[];
}

/** Overrides from the command line, applied over the file. */
export interface RequestOverrides {
  /** `--strict`: when true, parse only the canonical format (sets `strict: true`). */
  readonly strict?: boolean;
}

const HINT = 'the request is OpenAI chat-completions JSON: {"messages": [{"role": "user", "content": "…"}], "tools": […]}';

/**
 * Reads a request file (OpenAI chat-completions JSON) with core's `parseChatRequest`.
 *
 * @throws CliError naming the file and every rejected field's path.
 */
export function loadRequest(path: string, overrides: RequestOverrides = {}): LoadedRequest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`request file not found: ${path}`, 'pass --request FILE with OpenAI chat-completions JSON');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: invalid JSON: ${errorMessage(error)}`, 'check the file with a JSON linter');
  }
  const parsed = parseChatRequest(body);
  if (!parsed.ok) {
    const errors = parsed.problems.filter((problem) => problem.severity === 'error').map((problem) => problem.message);
    throw new CliError(`${path}: ${errors.join('; ')}`, HINT);
  }
  // --strict only turns strictness on: a file asking for strict parsing stays strict.
  const request = overrides.strict === true ? { ...parsed.request, strict: true } : parsed.request;
  return { request, notes: parsed.problems.map((problem) => problem.message) };
}
