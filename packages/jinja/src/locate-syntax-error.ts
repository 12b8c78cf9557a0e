/**
 * Finds the tag responsible for a syntax error. The library's lexer and parser report what
 * went wrong but not where, so each tag is re-checked on its own: an unclosed tag, a tag
 * that does not lex or parse in isolation, or a block keyword that does not balance.
 *
 * @internal
 */
import { parse, tokenize } from '@huggingface/jinja';
import type { TemplatePosition } from './errors.js';
import { spellLiteralsForLexer } from './python-literals.js';
import type { SourceTag } from './tag-scanner.js';

const BLOCKS = new Map([
  ['if', 'endif'],
  ['for', 'endfor'],
  ['macro', 'endmacro'],
  ['call', 'endcall'],
  ['filter', 'endfilter'],
  ['set', 'endset'],
]);
const STANDALONE = new Set(['break', 'continue']);
const MIDDLES = new Map([
  ['elif', 'if'],
  ['else', 'if|for'],
]);

function compiles(text: string): boolean {
  try {
    parse(tokenize(spellLiteralsForLexer(text), { lstrip_blocks: true, trim_blocks: true }));
    return true;
  } catch {
    return false;
  }
}

/** Whether `{% set … %}` opens a block (no `=` at the top level of the tag). */
function isSetBlock(tag: SourceTag): boolean {
  try {
    return !tokenize(spellLiteralsForLexer(tag.text)).some((t) => t.type === 'Equals');
  } catch {
    return false;
  }
}

/** A tag checked on its own, wrapped in whatever it needs around it to be a whole template. */
function tagCompiles(tag: SourceTag): boolean {
  if (tag.kind === '#') return true;
  if (tag.kind === '{') return compiles(tag.text);
  const kw = tag.keyword;
  if (kw.startsWith('end')) return true;
  if (kw === 'set') return compiles(isSetBlock(tag) ? `${tag.text}{% endset %}` : tag.text);
  const end = BLOCKS.get(kw);
  if (end !== undefined) return compiles(`${tag.text}{% ${end} %}`);
  if (kw === 'elif') return compiles(`{% if true %}${tag.text}{% endif %}`);
  if (kw === 'else') return compiles(`{% if true %}${tag.text}{% endif %}`);
  if (STANDALONE.has(kw)) return compiles(`{% for x in y %}${tag.text}{% endfor %}`);
  return false;
}

/** The position of the tag that makes the template fail to compile, if one can be singled out. */
export function locateSyntaxError(tags: readonly SourceTag[]): TemplatePosition | undefined {
  const unclosed = tags.find((t) => !t.closed);
  if (unclosed) return unclosed.position;
  const broken = tags.find((t) => !tagCompiles(t));
  if (broken) return broken.position;

  const open: SourceTag[] = [];
  for (const tag of tags) {
    if (tag.kind !== '%') continue;
    const kw = tag.keyword;
    if (BLOCKS.has(kw) && (kw !== 'set' || isSetBlock(tag))) {
      open.push(tag);
    } else if (kw.startsWith('end')) {
      const top = open.pop();
      if (top === undefined || BLOCKS.get(top.keyword) !== kw) return tag.position;
    } else if (MIDDLES.has(kw)) {
      const top = open.at(-1);
      if (top === undefined || !(MIDDLES.get(kw) ?? '').split('|').includes(top.keyword)) return tag.position;
    }
  }
  return open.at(-1)?.position;
}
