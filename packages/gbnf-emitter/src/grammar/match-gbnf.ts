import { createGbnfMatcher } from './gbnf-matcher.js';
import type { MatchOptions, MatchResult } from './match-result.js';
import type { Grammar } from './types.js';

/**
 * Matches a whole input against a grammar with llama.cpp's semantics and says whether it is
 * accepted (the grammar can end exactly here), incomplete (a valid prefix that needs more,
 * including input that stops inside a UTF-8 sequence some character could complete) or
 * rejected (with the byte offset of the failing code point or token and what was expected).
 *
 * A string input is treated as its UTF-8 encoding (offsets are byte offsets; a lone
 * surrogate is invalid). A byte input may carry tokens as 0xFF plus a 4-byte big-endian id.
 * Grammar text is parsed on every call; parse it once with {@link parseGbnf} to match many
 * inputs, since a parsed grammar is compiled once and cached.
 *
 * @example
 * ```ts
 * matchGbnf('root ::= [0-9]+ ("," [0-9]+)*', '1,22'); // { status: 'accepted' }
 * matchGbnf('root ::= "ab"', 'a'); // { status: 'incomplete', expected: ['"b"'] }
 * matchGbnf('root ::= "ab"', 'ax').status; // 'rejected', offset 1, expected ['"b"']
 * ```
 *
 * @param grammar - GBNF text, or a grammar from {@link parseGbnf} (compiled once, then cached).
 * @param input - The whole input: text, or bytes that may embed tokens.
 * @param options - Start rule and stack budget.
 * @returns The final state; `accepted` only when the grammar can end exactly here.
 * @throws {@link GbnfParseError} for an invalid grammar; {@link GbnfMatchError} with code
 *   `too-ambiguous` when more than `maxStacks` stacks are live at once, `too-deep` past
 *   `maxDepth` stack frames, or `unknown-root`.
 */
export function matchGbnf(grammar: Grammar | string, input: string | Uint8Array, options: MatchOptions = {}): MatchResult {
  return createGbnfMatcher(grammar, options).accept(input);
}
