/**
 * Jinja filters over text: case, trimming, replacing, indenting, escaping, `format`.
 * Non-string inputs are converted with `str()` first (Undefined becomes ''), as Jinja does.
 *
 * @internal
 */
import type { Builtin } from './builtin-types.js';
import { runtimeError } from './errors.js';
import { pyRepr, pyStr } from './py-repr.js';
import { pyReplace, pySplit, pySplitlines, pyStrip, pyTitle } from './py-text.js';
import { STRING_METHODS } from './string-methods.js';
import { isNumber, numberOf, type Value } from './values.js';

function str(v: Value): string {
  return pyStr(v);
}

function viaMethod(name: string): Builtin {
  return (self, args, env) => {
    const m = STRING_METHODS.get(name);
    if (m === undefined) throw runtimeError(`no string method ${name}`);
    return m(str(self), args, env);
  };
}

/** Jinja's `indent(width=4, first=False, blank=False)`. */
function indent(s: string, width: Value, first: boolean, blank: boolean): string {
  const unit = typeof width === 'string' ? width : ' '.repeat(typeof width === 'number' ? width : 4);
  const lines = pySplitlines(`${s}\n`);
  let out: string;
  if (blank) {
    out = lines.join(`\n${unit}`);
  } else {
    const [head = '', ...rest] = lines;
    out = head + (rest.length > 0 ? `\n${rest.map((line) => (line === '' ? line : unit + line)).join('\n')}` : '');
  }
  return first ? unit + out : out;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };

/** MarkupSafe's `escape`, as text. */
export function htmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** printf-style `%` formatting with the conversions chat templates use. */
function percentFormat(format: string, values: readonly Value[]): string {
  let next = 0;
  return format.replace(/%([-+ 0#]*)(\d*)(?:\.(\d+))?([sdifr%])/g, (_m, _flags: string, width: string, precision: string | undefined, conv: string) => {
    if (conv === '%') return '%';
    const v = values[next++];
    let out: string;
    if (conv === 's') out = str(v);
    else if (conv === 'r') out = pyRepr(v);
    else if (typeof v !== 'boolean' && !isNumber(v)) throw runtimeError(`%${conv} format: a real number is required`);
    else if (conv === 'f') out = numberOf(v).toFixed(precision === undefined ? 6 : Number(precision));
    else out = String(Math.trunc(numberOf(v)));
    return width === '' ? out : out.padStart(Number(width));
  });
}

/** Text filters by name. */
export const TEXT_FILTERS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['upper', (self) => str(self).toUpperCase()],
  ['lower', (self) => str(self).toLowerCase()],
  ['title', (self) => pyTitle(str(self))],
  ['capitalize', viaMethod('capitalize')],
  ['trim', (self, args) => pyStrip(str(self), args.string(0, 'chars'), true, true)],
  ['replace', (self, args) =>
    pyReplace(str(self), str(args.get(0, 'old')), str(args.get(1, 'new')), args.int(2, 'count', -1))],
  ['indent', (self, args) =>
    indent(str(self), args.get(0, 'width', 4), args.bool(1, 'first', false), args.bool(2, 'blank', false))],
  ['wordcount', (self) => pySplit(str(self), undefined, -1).length],
  ['center', (self, args) => {
    const s = str(self);
    const width = args.int(0, 'width', 80);
    const pad = Math.max(0, width - s.length);
    const left = Math.floor(pad / 2) + (pad % 2 === 1 && width % 2 === 1 ? 1 : 0);
    return ' '.repeat(left) + s + ' '.repeat(pad - left);
  }],
  ['escape', (self) => htmlEscape(str(self))],
  ['e', (self) => htmlEscape(str(self))],
  ['format', (self, args) => percentFormat(str(self), args.positional)],
  ['striptags', (self) => pySplit(str(self).replace(/<!--.*?-->|<[^>]*>/gs, ''), undefined, -1).join(' ')],
  ['truncate', (self, args) => {
    const s = str(self);
    const length = args.int(0, 'length', 255);
    const end = args.string(2, 'end', '...');
    const leeway = args.int(3, 'leeway', 5);
    if (s.length <= length + leeway) return s;
    if (args.bool(1, 'killwords', false)) return s.slice(0, length - end.length) + end;
    const cut = s.slice(0, length - end.length);
    const lastSpace = cut.lastIndexOf(' ');
    return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut) + end;
  }],
]);
