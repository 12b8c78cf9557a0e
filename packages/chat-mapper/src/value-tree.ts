import type { AstNode } from '@autoparser/peg-core';
import { trimTrailingWhitespace } from '@autoparser/diff-utils';

/**
 * Tags that describe a value written in a notation other than JSON (bare keys, custom
 * string delimiters, …) by its structure, so the mapper can write it out as JSON. A parser
 * tags the parts and leaves the punctuation of its own notation untagged:
 *
 * - `object`: its children are `key` and value nodes, in turn;
 * - `array`: its children are value nodes;
 * - `key`: the key name, as written (it becomes a JSON string);
 * - `string`: a string's raw body, without its delimiters (it is JSON-escaped);
 * - `literal`: a number, copied as it is, or `true`, `false`, `null` — also in Python's
 *   spelling (`True`, `False`, `None`), which templates print for a bare value.
 */
export const VALUE_TAGS = {
  /** An object: alternating `key` and value children. */
  object: 'value-object',
  /** An array: value children. */
  array: 'value-array',
  /** An object key, as raw text. */
  key: 'value-key',
  /** A string body, as raw text. */
  string: 'value-string',
  /** A number, boolean or null (JSON or Python spelling). */
  literal: 'value-literal',
} as const;

const VALUE_TAG_SET: ReadonlySet<string> = new Set(Object.values(VALUE_TAGS));

const jsonStringBody = (s: string): string => JSON.stringify(s).slice(1, -1);

const PYTHON_WORDS: { readonly [word: string]: string } = { True: 'true', False: 'false', None: 'null' };

/**
 * A literal as JSON. A word is written only once whole: a partial `Non` must not show as
 * text that `None` → `null` would retract. Numbers grow digit by digit.
 */
function literalJson(node: AstNode): string {
  const text = trimTrailingWhitespace(node.text);
  if (!/^[A-Za-z]/u.test(text)) return text;
  if (node.partial) return '';
  return PYTHON_WORDS[text] ?? text;
}

/**
 * The JSON text of a value tree (see {@link VALUE_TAGS}), or `undefined` when `node` is
 * not a value node. An unfinished (partial) node is written without its closing quote,
 * `":`, `]` or `}`, so the text of a growing input only ever grows: a stream shows an
 * unfinished JSON prefix and never retracts it.
 */
export function valueTreeToJson(node: AstNode): string | undefined {
  if (!VALUE_TAG_SET.has(node.tag)) return undefined;
  const close = (text: string): string => (node.partial ? '' : text);
  switch (node.tag) {
    case VALUE_TAGS.literal:
      return literalJson(node);
    case VALUE_TAGS.string:
      return `"${jsonStringBody(node.text)}${close('"')}`;
    case VALUE_TAGS.key:
      return `"${jsonStringBody(node.text)}${close('":')}`;
    case VALUE_TAGS.array:
      return `[${members(node.children, false)}${close(']')}`;
    default:
      return `{${members(node.children, true)}${close('}')}`;
  }
}

/** The members of an array or object, comma-separated (before each key, in an object). */
function members(children: readonly AstNode[], keyed: boolean): string {
  let out = '';
  let count = 0;
  for (const child of children) {
    const json = valueTreeToJson(child);
    if (json === undefined) continue;
    const separates = keyed ? child.tag === VALUE_TAGS.key : true;
    if (separates && count++ > 0) out += ',';
    out += json;
  }
  return out;
}

/**
 * The JSON arguments of a `tool-args` node whose value is a value tree (its one value
 * child), or `undefined` when its text is JSON already.
 */
export function valueTreeArguments(args: AstNode): string | undefined {
  const values = args.children.filter((child) => VALUE_TAG_SET.has(child.tag));
  return values.length === 1 ? valueTreeToJson(values[0]!) : undefined;
}
