import type { AstNode } from './ast.js';
import { charClassHas, type CharClass } from './char-class.js';
import { PegError } from './errors.js';
import { scanJson, type JsonCheckpoint, type JsonScanOut } from './json-scan.js';
import { RECOVER_TAG_PREFIX, type Arena, type PegNode } from './nodes.js';
import { FAIL, isNeedMore, needMore, needMoreAt } from './outcome.js';

/** How a parse ended. */
export type ParseStatus = 'success' | 'fail' | 'need_more_input';

/** A problem that stopped a parse early (the input was valid to parse, the parse could not go on). */
export interface ParseIssue {
  /** `depth-limit`: rules nested deeper than {@link MAX_RULE_DEPTH}. */
  readonly code: 'depth-limit';
  /** What happened, for people. */
  readonly message: string;
}

/** The outcome of {@link parse}. */
export interface ParseResult {
  /**
   * `success`: the parser matched (in partial mode: and more input cannot change that);
   * `need_more_input` (partial mode only): the input ran out inside the match;
   * `fail`: the input does not match.
   */
  readonly status: ParseStatus;
  /** Where the match ended; for `need_more_input`, how far it got; for `fail`, the farthest offset examined. */
  readonly end: number;
  /** Tagged nodes of the match (none on failure). */
  readonly nodes: readonly AstNode[];
  /** Set when a lenient parse recovered a failed final parse as an unfinished one. */
  readonly lenient?: boolean;
  /** Set when the parse stopped for a reason other than the input, e.g. nesting too deep. */
  readonly issue?: ParseIssue;
  /**
   * A {@link ParseSession}'s partial result only: `nodes[from, from + count)` are the same
   * objects as in the session's previous partial result (finished matches it kept), so a
   * consumer that walked that result need not compare them again.
   */
  readonly reused?: ReusedNodes;
}

/** A run of top-level nodes a session's partial result shares with its previous one. */
export interface ReusedNodes {
  /** Index of the first shared node. */
  readonly from: number;
  /** How many nodes are shared. */
  readonly count: number;
}

/** Options of {@link parse}. */
export interface ParseOptions {
  /** The input may continue (streaming): running out of input is `need_more_input`, not failure. */
  readonly partial?: boolean;
  /**
   * When a final (non-partial) parse fails, parse again as partial and return that result if
   * it is `need_more_input`, flagged `lenient`: truncated output still yields its tree.
   */
  readonly lenient?: boolean;
  /** Offset to start at (default 0). */
  readonly start?: number;
  /** Run this named rule instead of the arena's root. */
  readonly rule?: string;
}

/** Rules may nest this deep before a parse stops with a `depth-limit` issue. */
export const MAX_RULE_DEPTH = 1000;

const NO_NODES: readonly AstNode[] = Object.freeze([]);

/** A rule's outcome in one run. */
interface MemoEntry {
  readonly outcome: number;
  readonly nodes: readonly AstNode[];
}

/** A settled outcome kept across the runs of a session, with the farthest offset it examined. */
interface KeptEntry {
  readonly outcome: number;
  readonly nodes: readonly AstNode[];
  readonly farthest: number;
}

/**
 * Where a sequence, repetition or character run cut short by the end of the input continues:
 * after its `count` finished parts (matches, characters), at offset `p`, with their nodes.
 */
interface FinishedParts {
  readonly count: number;
  readonly p: number;
  readonly nodes: readonly AstNode[];
  /**
   * Shared by a checkpoint and every later one that continued it at the same place (their
   * nodes begin with its nodes); a new object when a match starts over.
   */
  readonly lineage: object;
}

/** The longest run of finished parts a session run replayed, still in place at `at`. @internal */
export interface Replay {
  readonly at: number;
  readonly parts: FinishedParts;
}

/** A resumable matcher's progress when the input ran out (see {@link SessionTables}). */
type Checkpoint = number | JsonCheckpoint | FinishedParts;

/**
 * What a streaming session keeps between runs over a growing input, keyed by
 * `offset * nodeCount + node`. In partial mode a `success` or `fail` never depended on where
 * the input stopped (every matcher that reaches the end answers need-more-input), so those
 * outcomes stay true as the input grows: `settled` holds them for rules, tags and long
 * leaves. `checkpoints` holds where a matcher that ran out of input can continue (how far
 * an `until` searched, a JSON scanner's state, a repetition's finished matches).
 *
 * @internal
 */
export interface SessionTables {
  readonly settled: Map<number, KeptEntry>;
  readonly checkpoints: Map<number, Checkpoint>;
  /** The rule calls under way in a partial run (by `settled` key): re-entered, they fail (left recursion). */
  readonly active: Set<number>;
}

/** Leaves shorter than this are re-read rather than remembered. */
const SETTLE_MIN_LENGTH = 64;

/** Mutable state of one parse run. */
interface State {
  /** The input from offset `base` on (the whole input outside sessions). */
  readonly input: string;
  /** Offset of `input[0]` in the whole input; offsets everywhere else are whole-input offsets. */
  readonly base: number;
  /** Length of the whole input. */
  readonly len: number;
  /** The lowest offset read so far (sessions start it at `len`; 0 disables the tracking). */
  minRead: number;
  /** Text of the whole input in a range, for nodes that start before `base`. */
  readonly source: ((from: number, to: number) => string) | undefined;
  readonly partial: boolean;
  readonly python: boolean;
  /** Nodes made so far; replaced (never held) when a long run of kept nodes is appended. */
  nodes: AstNode[];
  /** The longest replay of finished parts whose nodes are still where it put them. */
  replay: Replay | undefined;
  /** Rule outcomes by `offset * ruleCount + rule`; made on the first rule call. */
  memo: Map<number, MemoEntry | null> | undefined;
  readonly ruleCount: number;
  depth: number;
  farthest: number;
  /** A session's tables, read by every run of the session. */
  readonly tables: SessionTables | undefined;
  /** Whether this run may add to `tables` (a partial run: its settled outcomes stay true). */
  readonly record: boolean;
  readonly nodeCount: number;
}

type Matcher = (st: State, pos: number) => number;

class DepthLimit extends Error {}

/** A session run read before the start of its window: it is run again with all of the input. */
class WindowMiss extends Error {}

/** The index into `st.input` of offset `pos` (which must not lie before the window). */
function rel(st: State, pos: number): number {
  if (pos < st.minRead) {
    if (pos < st.base) throw new WindowMiss();
    st.minRead = pos;
  }
  return pos - st.base;
}

interface Program {
  readonly matchers: Matcher[];
  readonly ruleCount: number;
}

const programs = new WeakMap<Arena, Program>();

function failAt(st: State, pos: number): number {
  if (pos > st.farthest) st.farthest = pos;
  return FAIL;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** A membership test with an ASCII table in front of the range scan. */
function classTest(cls: CharClass): (code: number) => boolean {
  const ascii = new Uint8Array(128);
  for (let c = 0; c < 128; c++) ascii[c] = charClassHas(cls, c) ? 1 : 0;
  return (code) => (code < 128 ? ascii[code] === 1 : charClassHas(cls, code));
}

function matchLiteral(text: string): Matcher {
  return (st, pos) => {
    const at = rel(st, pos);
    if (st.input.startsWith(text, at)) return pos + text.length;
    if (st.partial && st.len - pos < text.length && text.startsWith(st.input.slice(at))) return needMore(st.len);
    return failAt(st, pos);
  };
}

function matchUntil(delimiters: readonly string[], id: number): Matcher {
  const longest = Math.max(0, ...delimiters.map((d) => d.length));
  const live = delimiters.filter((d) => d.length > 0);
  // `prefixes[n]`: the delimiters' proper prefixes of length n, compared in place (no slice per offset).
  const prefixes: string[][] = [];
  for (let n = 1; n < longest; n++) prefixes[n] = [...new Set(live.filter((d) => d.length > n).map((d) => d.slice(0, n)))];
  const starts = new Set(live.map((d) => d.charCodeAt(0)));
  // The first character of every delimiter, when they share it (markers mostly start with `<`).
  const lead = live.length > 1 && live.every((d) => d[0] === live[0]![0]) ? live[0]![0] : undefined;
  /** Earliest offset in [from, to) where the input's tail is a proper prefix of a delimiter. */
  const partialDelimiter = (st: State, from: number, to: number): number => {
    const first = Math.max(from, st.len - longest + 1);
    if (first >= to) return -1;
    const at = rel(st, first);
    // The tail from `q` is `st.len - q` long: the earliest offset is the longest prefix.
    for (let q = first; q < to; q++) {
      if (!starts.has(st.input.charCodeAt(at + q - first))) continue;
      for (const prefix of prefixes[st.len - q]!) if (st.input.startsWith(prefix, at + q - first)) return q;
    }
    return -1;
  };
  return (st, pos) => {
    const key = pos * st.nodeCount + id;
    // A session's earlier run searched up to here without finding a delimiter.
    const searched = st.tables?.checkpoints.get(key);
    const from = typeof searched === 'number' ? searched : pos;
    let found = -1;
    const start = rel(st, from);
    if (lead !== undefined) {
      // One search for the first character they share, then the delimiters where it is.
      for (let at = st.input.indexOf(lead, start); at >= 0 && found < 0; at = st.input.indexOf(lead, at + 1)) {
        for (const d of live) if (st.input.startsWith(d, at)) found = at + st.base;
      }
    } else {
      for (const d of live) {
        const at = st.input.indexOf(d, start);
        if (at >= 0 && (found < 0 || at + st.base < found)) found = at + st.base;
      }
    }
    if (delimiters.length > live.length) found = pos; // an empty delimiter ends at once
    if (!st.partial) return found >= 0 ? found : st.len;
    // Input may grow: a delimiter begun at the very end may turn out to come first.
    const cut = partialDelimiter(st, pos, found >= 0 ? found : st.len);
    if (found < 0 && st.record) st.tables!.checkpoints.set(key, Math.max(pos, st.len - longest + 1));
    if (cut >= 0) return needMore(cut);
    if (found >= 0) return found;
    if (st.len > pos && isHigh(st.input.charCodeAt(rel(st, st.len - 1)))) return needMore(st.len - 1);
    return needMore(st.len);
  };
}

function compileNode(node: PegNode, arena: Arena, m: Matcher[], id: number, ruleIndex: Map<number, number>): Matcher {
  // Children compiled before this node are called directly; later ones (recursion) through `m`.
  const child = (c: number): Matcher => (c < id && m[c] ? m[c] : (st, pos) => m[c]!(st, pos));
  switch (node.kind) {
    case 'eps':
      return (_st, pos) => pos;
    case 'start':
      return (st, pos) => (pos === 0 ? pos : failAt(st, pos));
    case 'end':
      return (st, pos) => (pos >= st.len ? (st.partial ? needMore(pos) : pos) : failAt(st, pos));
    case 'literal':
      return node.text === '' ? (_st, pos) => pos : matchLiteral(node.text);
    case 'any':
      return (st, pos) => {
        if (pos >= st.len) return st.partial ? needMore(pos) : failAt(st, pos);
        const at = rel(st, pos);
        if (!isHigh(st.input.charCodeAt(at))) return pos + 1;
        if (pos + 1 >= st.len) return st.partial ? needMore(pos) : pos + 1;
        return isLow(st.input.charCodeAt(at + 1)) ? pos + 2 : pos + 1;
      };
    case 'sequence': {
      const parts = node.children.map(child);
      return (st, pos) => {
        const mark = st.nodes.length;
        const key = pos * st.nodeCount + id;
        // A session continues after the parts an earlier run finished (they stay true).
        const resumed = resumeParts(st, key);
        let p = resumed?.p ?? pos;
        let k = resumed?.count ?? 0;
        for (; k < parts.length; k++) {
          const partMark = st.nodes.length;
          const r = parts[k]!(st, p);
          if (r >= 0) p = r;
          else {
            if (r === FAIL) cut(st, mark);
            else if (st.record && k > (resumed?.count ?? 0)) st.tables!.checkpoints.set(key, { count: k, p, nodes: st.nodes.slice(mark, partMark), lineage: resumed?.lineage ?? {} });
            return r;
          }
        }
        return p;
      };
    }
    case 'choice': {
      const options = node.children.map(child);
      return (st, pos) => {
        const mark = st.nodes.length;
        const key = pos * st.nodeCount + id;
        // Options an earlier run saw fail still fail.
        const resumed = st.tables?.checkpoints.get(key) as number | undefined;
        for (let j = resumed ?? 0; j < options.length; j++) {
          const r = options[j]!(st, pos);
          if (r !== FAIL) {
            if (r < 0 && st.record && j > (resumed ?? 0)) st.tables!.checkpoints.set(key, j);
            return r;
          }
          cut(st, mark);
        }
        return FAIL;
      };
    }
    case 'repeat': {
      const body = child(node.child);
      const { min, max } = node;
      return (st, pos) => {
        const start = st.nodes.length;
        const key = pos * st.nodeCount + id;
        // A session continues after the matches an earlier run finished (they stay true).
        const resumed = resumeParts(st, key);
        let p = resumed?.p ?? pos;
        let count = resumed?.count ?? 0;
        while (max < 0 || count < max) {
          if (p >= st.len) {
            if (st.partial) {
              if (st.record && count > (resumed?.count ?? 0)) st.tables!.checkpoints.set(key, { p, count, nodes: st.nodes.slice(start), lineage: resumed?.lineage ?? {} });
              return needMore(p);
            }
            break;
          }
          const mark = st.nodes.length;
          const r = body(st, p);
          if (r >= 0) {
            if (r === p) break; // an empty match would repeat forever
            p = r;
            count++;
          } else if (r === FAIL) {
            cut(st, mark);
            break;
          } else {
            if (st.record && count > (resumed?.count ?? 0)) st.tables!.checkpoints.set(key, { p, count, nodes: st.nodes.slice(start, mark), lineage: resumed?.lineage ?? {} });
            return r;
          }
        }
        if (count < min) {
          cut(st, start);
          return FAIL;
        }
        return p;
      };
    }
    case 'peek':
    case 'negate': {
      const inner = child(node.child);
      const negate = node.kind === 'negate';
      return (st, pos) => {
        const mark = st.nodes.length;
        const r = inner(st, pos);
        cut(st, mark);
        if (isNeedMore(r)) return needMore(pos);
        return (r >= 0) !== negate ? pos : FAIL;
      };
    }
    case 'chars': {
      const has = classTest(node);
      const { min, max } = node;
      return settleLeaf((st, pos) => {
        const s = st.input;
        const key = pos * st.nodeCount + id;
        const resumed = resumeParts(st, key);
        let p = resumed?.p ?? pos;
        let count = resumed?.count ?? 0;
        // Reads go forward from `p` only: one check covers them.
        if (p < st.len) rel(st, p);
        const b = st.base;
        const ranOut = (): number => {
          if (st.record && p > pos) st.tables!.checkpoints.set(key, { p, count, nodes: NO_NODES, lineage: NO_NODES });
          return needMore(p);
        };
        while (max < 0 || count < max) {
          if (p >= st.len) {
            if (st.partial) return ranOut();
            break;
          }
          let code = s.charCodeAt(p - b);
          let width = 1;
          if (isHigh(code)) {
            if (p + 1 >= st.len) {
              if (st.partial) return ranOut();
            } else if (isLow(s.charCodeAt(p + 1 - b))) {
              code = s.codePointAt(p - b)!;
              width = 2;
            }
          }
          if (!has(code)) break;
          p += width;
          count++;
        }
        return count >= min ? p : failAt(st, p);
      }, id);
    }
    case 'space':
      return (st, pos) => {
        if (pos >= st.len) return st.partial ? needMore(pos) : pos;
        const s = st.input;
        const b = st.base;
        let p = rel(st, pos) + b;
        for (let c = s.charCodeAt(p - b); c === 0x20 || c === 0x0a || c === 0x09; c = s.charCodeAt(++p - b));
        return p >= st.len && st.partial ? needMore(p) : p;
      };
    case 'until':
      return settleLeaf(matchUntil(node.delimiters, id), id);
    case 'rest':
      return (st) => (st.partial ? needMore(st.len) : st.len);
    case 'json': {
      const kind = node.json;
      const out: JsonScanOut = { checkpoint: undefined };
      return settleLeaf((st, pos) => {
        if (st.tables === undefined) {
          const r = scanJson(st.input, pos, kind, st.partial, st.python);
          return r === FAIL ? failAt(st, pos) : r;
        }
        // In a session the scanner reads the window: its offsets and checkpoints are shifted.
        const key = pos * st.nodeCount + id;
        const b = st.base;
        const kept = st.tables.checkpoints.get(key) as JsonCheckpoint | undefined;
        // Resumed, the scanner reads from its checkpoint on, never at `pos` itself.
        let resumed: JsonCheckpoint | undefined;
        if (kept !== undefined) resumed = { mode: kept.mode, at: rel(st, kept.at), stack: kept.stack, quote: kept.quote };
        else if (kind === 'string_content' && st.python && pos > 0) rel(st, pos - 1);
        const r = scanJson(st.input, kept === undefined ? rel(st, pos) : pos - b, kind, st.partial, st.python, resumed, out);
        const made = out.checkpoint;
        if (st.record && made !== undefined) st.tables.checkpoints.set(key, { mode: made.mode, at: made.at + b, stack: made.stack, quote: made.quote });
        if (r === FAIL) return failAt(st, pos);
        return r >= 0 ? r + b : needMore(needMoreAt(r) + b);
      }, id);
    }
    case 'rule': {
      const body = child(node.child);
      const slot = ruleIndex.get(id)!;
      return (st, pos) => {
        if (st.tables !== undefined) {
          const kept = st.tables.settled.get(pos * st.nodeCount + id);
          if (kept !== undefined) return replay(st, kept);
        }
        // A partial session run settles every finished outcome (read just above): it needs
        // no memo of its own, only the calls under way.
        if (st.record) return recordedRule(st, pos, pos * st.nodeCount + id, body);
        const table = (st.memo ??= new Map<number, MemoEntry | null>());
        const key = pos * st.ruleCount + slot;
        const seen = table.get(key);
        if (seen !== undefined) {
          // `null` marks a rule re-entered at the same offset: left recursion cannot match.
          if (seen === null) return FAIL;
          pushAll(st, seen.nodes);
          return seen.outcome;
        }
        if (++st.depth > MAX_RULE_DEPTH) throw new DepthLimit();
        table.set(key, null);
        const mark = st.nodes.length;
        const outcome = body(st, pos);
        st.depth--;
        // Running out of input ends the run (every matcher passes it straight up), so this
        // entry would never be read: its nodes are not copied (a session's every finished call).
        if (isNeedMore(outcome)) return outcome;
        const nodes = st.nodes.length > mark ? st.nodes.slice(mark) : NO_NODES;
        table.set(key, { outcome, nodes });
        if (st.record) settle(st, pos * st.nodeCount + id, outcome, nodes);
        return outcome;
      };
    }
    case 'ref': {
      const target = arena.rules[node.name];
      if (target === undefined) throw new PegError('undefined-rule', `rule "${node.name}" is not defined`, node.name);
      return (st, pos) => m[target]!(st, pos);
    }
    case 'schema':
      return child(node.child);
    case 'dual':
      return child(node.parse);
    case 'atomic': {
      const inner = child(node.child);
      return (st, pos) => {
        const mark = st.nodes.length;
        const r = inner(st, pos);
        if (isNeedMore(r)) cut(st, mark);
        return r;
      };
    }
    case 'tag':
    case 'recover': {
      const inner = child(node.child);
      const tag = node.kind === 'tag' ? node.tag : `${RECOVER_TAG_PREFIX}${node.rule}`;
      return (st, pos) => {
        if (st.tables !== undefined) {
          const kept = st.tables.settled.get(pos * st.nodeCount + id);
          if (kept !== undefined) return replay(st, kept);
        }
        const mark = st.nodes.length;
        const r = inner(st, pos);
        if (r === FAIL) {
          cut(st, mark);
          if (st.record) settle(st, pos * st.nodeCount + id, FAIL, NO_NODES);
          return FAIL;
        }
        const end = r >= 0 ? r : needMoreAt(r);
        let children = NO_NODES;
        if (st.nodes.length > mark) {
          children = st.nodes.slice(mark);
          cut(st, mark);
        }
        const made = makeNode(st, tag, pos, end, r < 0, children);
        st.nodes.push(made);
        if (st.record && r >= 0) settle(st, pos * st.nodeCount + id, r, [made]);
        return r;
      };
    }
  }
}

/**
 * A tagged node. Its text is a view of the window; a node that starts before the window (a
 * session's long unfinished value) gets its text from the whole input when first read.
 */
function makeNode(st: State, tag: string, start: number, end: number, partial: boolean, children: readonly AstNode[]): AstNode {
  if (start >= st.base) return { tag, start, end, text: st.input.slice(start - st.base, end - st.base), partial, children };
  return new LazyTextNode(tag, start, end, partial, children, st.source!);
}

/** The descriptor of {@link LazyTextNode}'s `text`; one getter shared by every node. */
let lazyText: PropertyDescriptor;

/**
 * A node whose `text` is read from the whole input on first use. `text` is an own enumerable
 * accessor, as a plain node's is a data property (copies, equality and JSON see the same
 * keys), defined with one shared getter: an object literal with a getter costs a closure
 * and a slow property definition per node, and a session makes one on every call.
 */
class LazyTextNode implements AstNode {
  // Declared only, and set in the constructor in a plain node's key order.
  declare readonly tag: string;
  declare readonly start: number;
  declare readonly end: number;
  declare readonly text: string;
  declare readonly partial: boolean;
  declare readonly children: readonly AstNode[];
  #text: string | undefined;
  readonly #source: (from: number, to: number) => string;

  constructor(tag: string, start: number, end: number, partial: boolean, children: readonly AstNode[], source: (from: number, to: number) => string) {
    const node = this as { -readonly [K in keyof AstNode]: AstNode[K] };
    node.tag = tag;
    node.start = start;
    node.end = end;
    Object.defineProperty(this, 'text', lazyText);
    node.partial = partial;
    node.children = children;
    this.#source = source;
  }

  static {
    lazyText = {
      get(this: LazyTextNode): string {
        return (this.#text ??= this.#source(this.start, this.end));
      },
      enumerable: true,
      configurable: true,
    };
  }
}

/** A session's checkpoint of finished parts at `key`, its nodes already replayed. */
function resumeParts(st: State, key: number): FinishedParts | undefined {
  const resumed = st.tables?.checkpoints.get(key) as FinishedParts | undefined;
  if (resumed === undefined) return undefined;
  const at = st.nodes.length;
  pushAll(st, resumed.nodes);
  if (resumed.nodes.length > (st.replay?.parts.nodes.length ?? 0)) st.replay = { at, parts: resumed };
  return resumed;
}

/** Drops the nodes from `mark` on (a replay they held is no longer in place). */
function cut(st: State, mark: number): void {
  if (mark >= st.nodes.length) return;
  st.nodes.length = mark;
  if (st.replay !== undefined && mark < st.replay.at + st.replay.parts.nodes.length) st.replay = undefined;
}

/** Room `pushAll` copies after a long run (never read: the array is cut back at once). */
const SLACK: readonly AstNode[] = Array.from({ length: 16 }, () => Object.freeze({ tag: '', start: 0, end: 0, text: '', partial: false, children: NO_NODES }));

/**
 * Appends `nodes` to the run's nodes. A long run (a session's finished repetitions, replayed
 * on every call) is copied natively with `concat`, several times faster than pushing it. A
 * `concat` leaves no room: the next push would copy it all again, so it copies some room
 * along and gives it back (the array keeps it for the nodes that follow).
 */
function pushAll(st: State, nodes: readonly AstNode[]): void {
  if (nodes.length < 64 || nodes.length < st.nodes.length) for (let i = 0; i < nodes.length; i++) st.nodes.push(nodes[i]!);
  else {
    const length = st.nodes.length + nodes.length;
    st.nodes = st.nodes.concat(nodes, SLACK);
    st.nodes.length = length;
  }
}

/** A rule's call in a partial session run (see `SessionTables.active`); `key`: its `settled` key. */
function recordedRule(st: State, pos: number, key: number, body: Matcher): number {
  const active = st.tables!.active;
  if (active.has(key)) return FAIL;
  if (++st.depth > MAX_RULE_DEPTH) throw new DepthLimit();
  active.add(key);
  const mark = st.nodes.length;
  const outcome = body(st, pos);
  st.depth--;
  active.delete(key);
  // Running out of input ends the run: nothing is kept (as for the memo).
  if (isNeedMore(outcome)) return outcome;
  settle(st, key, outcome, st.nodes.length > mark ? st.nodes.slice(mark) : NO_NODES);
  return outcome;
}

/** Replays a settled outcome: its nodes, and the farthest offset its failure examined. */
function replay(st: State, kept: KeptEntry): number {
  pushAll(st, kept.nodes);
  if (kept.farthest > st.farthest) st.farthest = kept.farthest;
  return kept.outcome;
}

function settle(st: State, key: number, outcome: number, nodes: readonly AstNode[]): void {
  st.tables!.settled.set(key, { outcome, nodes, farthest: outcome === FAIL ? st.farthest : 0 });
}

/**
 * In a session, remembers a leaf's long settled matches, so a later run does not search
 * the same text again (say, content whose closing tag came long ago).
 */
function settleLeaf(match: Matcher, id: number): Matcher {
  return (st, pos) => {
    if (st.tables === undefined) return match(st, pos);
    const key = pos * st.nodeCount + id;
    const kept = st.tables.settled.get(key);
    if (kept !== undefined) return replay(st, kept);
    const r = match(st, pos);
    if (st.record && r >= pos + SETTLE_MIN_LENGTH) settle(st, key, r, NO_NODES);
    return r;
  };
}

function programOf(arena: Arena): Program {
  let program = programs.get(arena);
  if (program) return program;
  const ruleIndex = new Map<number, number>();
  arena.nodes.forEach((node, id) => {
    if (node.kind === 'rule') ruleIndex.set(id, ruleIndex.size);
  });
  const matchers: Matcher[] = [];
  arena.nodes.forEach((node, id) => {
    matchers[id] = compileNode(node, arena, matchers, id, ruleIndex);
  });
  program = { matchers, ruleCount: ruleIndex.size };
  programs.set(arena, program);
  return program;
}

/**
 * What a session lends one run: its tables, and the input as a window (`input` holds the
 * whole input from offset `base`; `source` reads any range). The run reports the lowest
 * offset it read in `minRead`.
 *
 * @internal
 */
export interface SessionView {
  readonly tables: SessionTables;
  readonly base: number;
  readonly source: (from: number, to: number) => string;
  minRead: number;
  /** Set by the run: its longest replay of finished parts still in place (see {@link Replay}). */
  replay?: Replay | undefined;
}

/** Thrown by {@link runArena} when a session run read before its window. @internal */
export { WindowMiss };

/** @internal One run of a compiled arena over `input` (a session's window when `view` is given). */
export function runArena(
  arena: Arena,
  input: string,
  partial: boolean,
  entry: number,
  start: number,
  view?: SessionView,
): ParseResult {
  const program = programOf(arena);
  const base = view?.base ?? 0;
  // A run stopped by an error leaves its calls under way.
  if (view !== undefined && view.tables.active.size > 0) view.tables.active.clear();
  const len = base + input.length;
  const st: State = {
    input,
    base,
    len,
    minRead: view === undefined ? 0 : len,
    source: view?.source,
    partial,
    python: arena.pythonDicts,
    nodes: [],
    replay: undefined,
    memo: undefined,
    ruleCount: program.ruleCount,
    depth: 0,
    farthest: start,
    tables: view?.tables,
    record: view !== undefined && partial,
    nodeCount: arena.nodes.length,
  };
  let outcome: number;
  try {
    outcome = program.matchers[entry]!(st, start);
  } catch (error) {
    // Deep recursion in a user grammar must end the parse, not the process.
    if (error instanceof DepthLimit || error instanceof RangeError) {
      return {
        status: 'fail',
        end: st.farthest,
        nodes: NO_NODES,
        issue: { code: 'depth-limit', message: `rules nested deeper than the parser can follow (limit ${MAX_RULE_DEPTH})` },
      };
    }
    throw error;
  }
  if (view !== undefined) {
    view.minRead = st.minRead;
    view.replay = st.replay;
  }
  if (outcome >= 0) return { status: 'success', end: outcome, nodes: st.nodes };
  if (outcome === FAIL) return { status: 'fail', end: st.farthest, nodes: NO_NODES };
  return { status: 'need_more_input', end: needMoreAt(outcome), nodes: st.nodes };
}

/** @internal The entry node and start offset of `options`, validated against `arena` and `input`. */
export function entryOf(arena: Arena, input: string, options: ParseOptions): { entry: number; start: number } {
  let entry = arena.root;
  if (options.rule !== undefined) {
    const id = arena.rules[options.rule];
    if (id === undefined) throw new PegError('undefined-rule', `rule "${options.rule}" is not defined`, options.rule);
    entry = id;
  }
  const start = options.start ?? 0;
  if (!Number.isInteger(start) || start < 0 || start > input.length) {
    throw new RangeError(`start must be an offset within the input, got ${start}`);
  }
  return { entry, start };
}

/**
 * Runs the arena's root (or `options.rule`) on `input`. Never throws for any input; bad
 * input is a `fail` result. Throws {@link PegError} only for a broken arena (a reference to
 * an undefined rule, an unknown `options.rule`).
 */
export function parse(arena: Arena, input: string, options: ParseOptions = {}): ParseResult {
  const { entry, start } = entryOf(arena, input, options);
  const partial = options.partial ?? false;
  const result = runArena(arena, input, partial, entry, start);
  if (result.status === 'fail' && !partial && options.lenient && !result.issue) {
    const unfinished = runArena(arena, input, true, entry, start);
    if (unfinished.status === 'need_more_input') return { ...unfinished, lenient: true };
  }
  return result;
}
