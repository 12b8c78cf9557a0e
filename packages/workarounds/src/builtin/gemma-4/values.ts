import { VALUE_TAGS, type ChatBuilder, type Parser } from '@autoparser/chat-mapper';

/** Gemma 4's string delimiter: one token on both sides, never a JSON quote. */
export const STRING_DELIMITER = '<|"|>';

/**
 * Gemma 4's value notation, as its template's `format_argument` writes tool-call
 * arguments: objects with bare keys (`{key:value,…}`), arrays, strings between `<|"|>`
 * tokens (raw, no escapes), and bare numbers, booleans and null (`None` as well). The parts
 * are tagged as a value tree, which the chat mapper writes out as JSON. Returns the object
 * rule (the arguments of a call); the rules are shared by every call of the parser.
 * `lenient` also reads the JSON spellings the model falls back on: `"quoted"` keys and
 * strings (parse-only recoveries `quoted-key`, `json-quoted-string`).
 */
export function gemmaObject(p: ChatBuilder, lenient = false): Parser {
  return p.sharedRule('gemma4-dict', () => {
    const value = p.ref('gemma4-value');
    p.sharedRule('gemma4-value', () =>
      p.choice(
        p.sharedRule('gemma4-string', () =>
          p.sequence(STRING_DELIMITER, p.tag(VALUE_TAGS.string, p.until(STRING_DELIMITER)), STRING_DELIMITER),
        ),
        p.ref('gemma4-dict'),
        p.sharedRule('gemma4-array', () => {
          const items = p.sequence(value, p.zeroOrMore(p.sequence(',', p.space(), value)));
          return p.tag(VALUE_TAGS.array, p.sequence('[', p.space(), p.choice(']', p.sequence(items, p.space(), ']'))));
        }),
        // The template prints a null argument as Python does: `None`.
        p.tag(VALUE_TAGS.literal, p.choice(p.jsonNumber(), 'true', 'false', 'null', 'None')),
        // A JSON string is JSON already: a literal.
        ...(lenient ? [p.tag(VALUE_TAGS.literal, p.recover('json-quoted-string', p.jsonString()))] : []),
      ),
    );
    // A key never starts with whitespace: that belongs to the separator before it, so the
    // grammar reads it one way only.
    let key = p.tag(VALUE_TAGS.key, p.sequence(p.chars('[^:} \\t\\n\\r]', 1, 1), p.chars('[^:}]', 0)));
    if (lenient) {
      // Tried first, as a bare key may start with a quote; no parameter name does. The
      // recovery node holds the opening quote only, so the key node stays the object's
      // child; the peek keeps a partial parse from flagging it before a quote is seen.
      const open = p.sequence(p.peek('"'), p.recover('quoted-key', p.literal('"')));
      key = p.choice(p.sequence(open, p.tag(VALUE_TAGS.key, p.chars('[^"]', 1)), '"'), key);
    }
    const member = p.sequence(key, ':', p.space(), value);
    const members = p.sequence(member, p.zeroOrMore(p.sequence(',', p.space(), member)));
    return p.tag(VALUE_TAGS.object, p.sequence('{', p.space(), p.choice('}', p.sequence(members, p.space(), '}'))));
  });
}
