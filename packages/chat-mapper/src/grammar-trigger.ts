/** Where a lazy grammar starts to apply: a word, a regex pattern, or a token. */
export interface GrammarTrigger {
  /** `word`: the literal text; `pattern`: a regex found anywhere; `pattern_full`: the whole output; `token`: one token. */
  type: 'word' | 'pattern' | 'pattern_full' | 'token';
  /** The word, pattern or token text. */
  value: string;
}
