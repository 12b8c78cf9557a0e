import { createChatParser } from '@autoparser/core';
import type { CheckContext } from '../check-registry.js';
import type { ChatCase } from '../chat-case-types.js';
import { chatRequestOf } from './chat-request-of.js';
import { templateSource } from './template-source.js';

/** The product's parser for one request. */
export type ChatParser = ReturnType<typeof createChatParser>;

/**
 * How the parser reads output: `lenient` (the product's default: named recoveries read output
 * off the canonical format, each with a `recovered` warning) or `strict` (`strict: true`: only
 * the canonical format, as the reference).
 */
export type ParseMode = 'lenient' | 'strict';

// Several checks of one record (and records sharing a request) need the same parser; building
// it renders the template and analyses it, so it is made once per template, request and mode.
const parsers = new Map<string, { parser: ChatParser } | { error: unknown }>();

/**
 * The product's chat parser for `record`'s template and request in `mode` (default lenient),
 * made once per run. A failure to make it is remembered and thrown again to every check that asks.
 */
export function chatParserFor(record: ChatCase, context: CheckContext, mode: ParseMode = 'lenient'): ChatParser {
  const source = templateSource(context);
  const key = `${context.templatePath ?? ''}\u0000${mode}\u0000${JSON.stringify(record.params)}`;
  let entry = parsers.get(key);
  if (entry === undefined) {
    try {
      const request = chatRequestOf(record.params);
      entry = { parser: createChatParser(source, mode === 'strict' ? { ...request, strict: true } : request) };
    } catch (error) {
      entry = { error };
    }
    parsers.set(key, entry);
  }
  if ('error' in entry) throw entry.error;
  return entry.parser;
}

