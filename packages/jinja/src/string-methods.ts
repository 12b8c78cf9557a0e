/**
 * Methods of template strings (`s.strip()`, `s.split(',')`, …), with Python's semantics.
 *
 * @internal
 */
import type { Builtin } from './builtin-types.js';
import type { CallArgs } from './call-args.js';
import { runtimeError } from './errors.js';
import { pyStr } from './py-repr.js';
import { pyReplace, pyRsplit, pySplit, pySplitlines, pyStrip, pyTitle } from './py-text.js';
import { sequenceItems, typeName, type Value } from './values.js';

function text(self: Value): string {
  if (typeof self !== 'string') throw runtimeError(`expected a string, got ${typeName(self)}`);
  return self;
}

function affixes(args: CallArgs, name: string): string[] {
  const v = args.get(0, name);
  if (typeof v === 'string') return [v];
  const items = sequenceItems(v);
  if (items && items.every((x): x is string => typeof x === 'string')) return [...items];
  throw runtimeError(`${args.name}() argument must be str or a tuple of str, not ${typeName(v)}`);
}

function strip(left: boolean, right: boolean): Builtin {
  return (self, args) => pyStrip(text(self), args.string(0, 'chars'), left, right);
}

/** Python `str` methods by name. */
export const STRING_METHODS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['strip', strip(true, true)],
  ['lstrip', strip(true, false)],
  ['rstrip', strip(false, true)],
  ['upper', (self) => text(self).toUpperCase()],
  ['lower', (self) => text(self).toLowerCase()],
  ['title', (self) => pyTitle(text(self))],
  ['capitalize', (self) => {
    const s = text(self);
    const first = String.fromCodePoint(s.codePointAt(0) ?? 0);
    return s === '' ? '' : first.toUpperCase() + s.slice(first.length).toLowerCase();
  }],
  ['split', (self, args) => pySplit(text(self), args.string(0, 'sep'), args.int(1, 'maxsplit', -1))],
  ['rsplit', (self, args) => pyRsplit(text(self), args.string(0, 'sep'), args.int(1, 'maxsplit', -1))],
  ['splitlines', (self) => pySplitlines(text(self))],
  ['startswith', (self, args) => affixes(args, 'prefix').some((p) => text(self).startsWith(p))],
  ['endswith', (self, args) => affixes(args, 'suffix').some((p) => text(self).endsWith(p))],
  ['replace', (self, args) => {
    const out = pyReplace(text(self), args.string(0, 'old', ''), args.string(1, 'new', ''), args.int(2, 'count', -1));
    return out;
  }],
  ['find', (self, args) => text(self).indexOf(args.string(0, 'sub', ''))],
  ['rfind', (self, args) => text(self).lastIndexOf(args.string(0, 'sub', ''))],
  ['index', (self, args) => {
    const at = text(self).indexOf(args.string(0, 'sub', ''));
    if (at < 0) throw runtimeError('substring not found');
    return at;
  }],
  ['count', (self, args) => {
    const sub = args.string(0, 'sub', '');
    return sub === '' ? Array.from(text(self)).length + 1 : text(self).split(sub).length - 1;
  }],
  ['join', (self, args) => {
    const items = sequenceItems(args.get(0, 'iterable')) ?? [];
    return items.map((item) => {
      if (typeof item !== 'string') throw runtimeError(`sequence item: expected str instance, ${typeName(item)} found`);
      return item;
    }).join(text(self));
  }],
  ['isdigit', (self) => /^\d+$/u.test(text(self))],
  ['isalpha', (self) => /^\p{L}+$/u.test(text(self))],
  ['isspace', (self) => text(self) !== '' && pyStrip(text(self), undefined, true, true) === ''],
  ['islower', (self) => text(self) === text(self).toLowerCase() && text(self) !== text(self).toUpperCase()],
  ['isupper', (self) => text(self) === text(self).toUpperCase() && text(self) !== text(self).toLowerCase()],
  ['format', (self, args) => {
    // str.format with positional `{}` / `{0}` fields, the only form chat templates use.
    let auto = 0;
    return text(self).replace(/\{(\d*)\}/g, (_, index: string) => pyStr(args.positional[index === '' ? auto++ : Number(index)]));
  }],
]);
