import type { Parser, ParserLike } from '@autoparser/peg-core';
import type { ChatBuilder } from './chat-builder.js';
import { CHAT_TAGS } from './chat-tags.js';

/**
 * Raw source code that a model writes where a call's JSON arguments belong (Functionary's
 * `python` recipient, for instance). The mapper turns it into the arguments `{"code": …}`.
 */
export function codeArguments(p: ChatBuilder, body: ParserLike): Parser {
  return p.tag(CHAT_TAGS.toolCode, body);
}

/**
 * The arguments text for raw `code` so far: `{"code":"…` with the string left open, so that a
 * stream only ever appends; the call's close adds the quote and the brace.
 */
export function openCodeArguments(code: string): string {
  return `{"code":${JSON.stringify(code).slice(0, -1)}`;
}
