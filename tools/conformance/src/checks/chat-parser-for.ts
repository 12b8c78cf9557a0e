import { createChatParser } from '@autoparser/core';
import type { CheckContext } from '../check-registry.js';
import type { ChatCase } from '../chat-case-types.js';
import { templateSource } from './template-source.js';

/** The product's parser for one request. */
export type ChatParser = ReturnType<typeof createChatParser>;

// Several checks of one record (and records sharing a request) need the same parser; building
// it renders the template and analyses it, so it is made once per template and request.
const parsers = new Map<string, { parser: ChatParser } | { error: unknown }>();

/**
 * The product's chat parser for `record`'s template and request, made once per run. A failure
 * to make it is remembered and thrown again to every check that asks.
 */
export function chatParserFor(record: ChatCase, context: CheckContext): ChatParser {
  const source = templateSource(context);
  const key = `${context.templatePath ?? ''}\u0000${JSON.stringify(record.params)}`;
  let entry = parsers.get(key);
  if (entry === undefined) {
    try {
      entry = { parser: createChatParser(source, record.params) };
    } catch (error) {
      entry = { error };
    }
    parsers.set(key, entry);
  }
  if ('error' in entry) throw entry.error;
  return entry.parser;
}

