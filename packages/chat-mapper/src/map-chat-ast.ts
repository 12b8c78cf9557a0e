import { RECOVER_TAG_PREFIX, type AstNode, type ReusedNodes } from '@autoparser/peg-core';
import { argumentKey } from './argument-key.js';
import { braceDepth } from './brace-depth.js';
import type { AssistantMessage, ChatToolCallOut } from './chat-message.js';
import { CHAT_TAGS, chatTagsWhere } from './chat-tags.js';
import { DECLARED_NAME_TAG_PREFIX } from './chat-builder.js';
import { GrowingTexts, type TextSource } from './growing-text.js';
import { valueTreeArguments } from './value-tree.js';
import { normalizeQuotes } from './normalize-quotes.js';
import type { RecoveryRuleId } from '@autoparser/types';

/** What {@link mapChatAst} found besides the message. */
export interface MappedChat {
  /** The assistant message. */
  message: AssistantMessage;
  /** Problems met while mapping (the message is still the best reading of the tree). */
  warnings: string[];
  /** The recovery nodes (`recover:<rule>` tags) met, in input order. */
  recovered: RecoveredNode[];
}

/** A recovery node of the tree: its rule and where it starts. */
export interface RecoveredNode {
  /** The recovery rule (the tag after `recover:`). */
  readonly rule: RecoveryRuleId;
  /** Offset of the node in the parsed input. */
  readonly start: number;
}

/**
 * What each text field of a mapping gained since the mapper's previous mapping, when the new
 * text only extends the old (`undefined`: not known, compare). For a tool call that is new in
 * this mapping, its whole arguments.
 */
export interface AppendedText {
  /** Appended to `content`. */
  readonly content: string | undefined;
  /** Appended to `reasoning_content`. */
  readonly reasoning: string | undefined;
  /** Appended to the `arguments` of the calls this mapping changed, by index (the others are unchanged objects). */
  readonly args: ReadonlyMap<number, string | undefined>;
  /**
   * Calls before this index are the previous mapping's objects, unchanged (absent: 0). A
   * stream's deltas then look only at the calls from here on, not at every call so far.
   */
  readonly callsFrom?: number;
}

/** A mapping, with what it appended to the previous one. */
export interface IncrementalMappedChat extends MappedChat {
  /** What each field gained since the previous mapping (`undefined`: mapped from the start, compare). */
  readonly appended: AppendedText | undefined;
}

interface OpenCall {
  call: ChatToolCallOut;
  /** Still waiting for its name: not yet in the message. */
  pending: boolean;
  /** Its index among the message's calls once listed (-1 before). */
  index: number;
  /**
   * Open braces of its arguments (outside strings), followed as they are written, so the
   * close needs no count over a long text; `undefined` when a write was not followed.
   */
  depth: number | undefined;
  /** Whole arguments that are a JSON value but no object (`9`): written as they are at the close. */
  scalar?: string | undefined;
}

/** The mapper's state between two nodes. Strings are immutable, so a copy is cheap. */
interface FoldState {
  content: string;
  reasoning: string;
  calls: ChatToolCallOut[];
  /** How many of `calls` belong to this state (the array is shared with later states). */
  callCount: number;
  warnings: string[];
  open: OpenCall | undefined;
  buffer: string;
  argCount: number;
  quotePending: boolean;
  /** A Python keyword argument's string is delimited by its quotes: nothing to trim. */
  verbatim: boolean;
  seen: Set<string>;
  recovered: RecoveredNode[];
  /**
   * `warnings`, `seen` and `recovered` may be shared with a copy (see `copyState`): they are
   * copied before they change. Snapshots are taken on every call of a stream and these
   * rarely change, so copying them on change instead of at each copy saves a copy per call.
   */
  shared: boolean;
}

const emptyState = (): FoldState => ({
  content: '',
  reasoning: '',
  calls: [],
  callCount: 0,
  warnings: [],
  open: undefined,
  buffer: '',
  argCount: 0,
  quotePending: false,
  verbatim: false,
  seen: new Set(),
  recovered: [],
  shared: false,
});

/**
 * A copy that later folding cannot change. The calls array is shared, with its length kept
 * (`callCount`): folding only appends calls, and a finished call is never changed again, so
 * a restore cuts the array back; the open call is cloned, since folding changes it. The
 * lists both share are copied by whichever changes them first (see `FoldState.shared`).
 */
function copyState(s: FoldState): FoldState {
  let open: OpenCall | undefined;
  if (s.open !== undefined) {
    const was = s.open.call;
    const call: ChatToolCallOut =
      was.id === undefined
        ? { type: 'function', function: { name: was.function.name, arguments: was.function.arguments } }
        : { type: 'function', id: was.id, function: { name: was.function.name, arguments: was.function.arguments } };
    open = { call, pending: s.open.pending, index: s.open.index, depth: s.open.depth, scalar: s.open.scalar };
  }
  return {
    content: s.content,
    reasoning: s.reasoning,
    calls: s.calls,
    callCount: s.calls.length,
    warnings: s.warnings,
    open,
    buffer: s.buffer,
    argCount: s.argCount,
    quotePending: s.quotePending,
    verbatim: s.verbatim,
    seen: s.seen,
    recovered: s.recovered,
    shared: (s.shared = true),
  };
}

/** Makes the lists of `s` its own before they change (see `FoldState.shared`). */
function own(s: FoldState): FoldState {
  if (s.shared) {
    s.warnings = s.warnings.slice();
    s.seen = new Set(s.seen);
    s.recovered = s.recovered.slice();
    s.shared = false;
  }
  return s;
}

/**
 * The state to fold on from a snapshot, which it takes over (a mapper resumes from a snapshot
 * once, and takes a new one): its calls cut back, its open call (a clone no message holds) listed.
 */
function restoreState(snapshot: FoldState): FoldState {
  const s = snapshot;
  s.calls.length = s.callCount;
  if (s.open !== undefined && s.open.index >= 0) s.calls[s.open.index] = s.open.call;
  return s;
}

const isJsonText = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The JSON object or array text a JSON string literal encodes, or undefined. */
function encodedContainer(literal: string): string | undefined {
  let inner: unknown;
  try {
    inner = JSON.parse(literal);
  } catch {
    return undefined;
  }
  if (typeof inner !== 'string') return undefined;
  // JSON text, or the container's Python repr (`{'key': 'value', 'on': True}`).
  for (const text of [inner.trim(), normalizeQuotes(inner.trim())]) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null) return text;
    } catch {
      // Not this spelling.
    }
  }
  return undefined;
}

/** Tags whose mapping reads the node's text or whether it is finished: these grow while streaming. */
const TEXT_TAGS = chatTagsWhere((tag) => tag.holdsText);

/** Nodes in visiting order (depth-first, parent first). */
function preorder(node: AstNode): AstNode[] {
  const out: AstNode[] = [];
  const stack: AstNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}

/** Where a mapping can resume: before top-level node `top`, and inside it after `inner` (visiting order). */
interface Snapshot {
  readonly tops: readonly AstNode[];
  readonly top: number;
  readonly inner: readonly AstNode[];
  readonly state: FoldState;
  /** Per field, the node whose text came first after the snapshot (`tag@start`). */
  readonly first: PerField<string>;
}

/** Field names for {@link Snapshot.first}: `content`, `reasoning`, or a call's index. */
type Field = 'content' | 'reasoning' | number;

/** A value per field; a mapping mostly writes one call at most, kept without a Map. */
class PerField<T> {
  private content: T | undefined;
  private reasoning: T | undefined;
  private callIndex = -1;
  private callValue: T | undefined;
  /** The calls' values once more than one call has one (then `callIndex` is unused). */
  private calls: Map<number, T> | undefined;

  get(field: Field): T | undefined {
    if (field === 'content') return this.content;
    if (field === 'reasoning') return this.reasoning;
    if (this.calls !== undefined) return this.calls.get(field);
    return field === this.callIndex ? this.callValue : undefined;
  }

  set(field: Field, value: T): void {
    if (field === 'content') this.content = value;
    else if (field === 'reasoning') this.reasoning = value;
    else if (this.calls !== undefined) this.calls.set(field, value);
    else if (this.callIndex < 0 || this.callIndex === field) {
      this.callIndex = field;
      this.callValue = value;
    } else this.calls = new Map([[this.callIndex, this.callValue as T]]).set(field, value);
  }

  /** Calls `each` with the calls' values, by index, in the order they were first set. */
  forEachCall(each: (value: T, index: number) => void): void {
    if (this.calls !== undefined) this.calls.forEach(each);
    else if (this.callIndex >= 0) each(this.callValue as T, this.callIndex);
  }
}

/**
 * The keys (`tag@start`, with a transform's suffix) of the nodes a mapper reads. A stream's
 * unfinished node is a new object on every call with the same tag and start: its key is the
 * same string as last time, so the lookups by it do not build and hash a new string.
 */
class NodeKeys {
  private readonly last = new Map<string, { start: number; key: string }>();

  constructor(private readonly suffix: string) {}

  of(node: AstNode): string {
    // Only unfinished nodes come back (a whole mapping's nodes are read once).
    if (!node.partial) return `${node.tag}@${node.start}${this.suffix}`;
    const was = this.last.get(node.tag);
    if (was !== undefined && was.start === node.start) return was.key;
    const key = `${node.tag}@${node.start}${this.suffix}`;
    this.last.set(node.tag, { start: node.start, key });
    return key;
  }
}

/** The keys of a node and of its transforms' records (see {@link GrowingTexts}). */
interface MapperKeys {
  readonly node: NodeKeys;
  readonly depth: NodeKeys;
  readonly json: NodeKeys;
  readonly decoded: NodeKeys;
}

/**
 * Maps the tagged tree of a chat parse to an assistant message, incrementally: one mapper
 * follows one stream. The parse of a growing output keeps the finished nodes of the
 * previous parse (the same objects, see peg-core's `ParseSession`), so the mapper resumes
 * from its state before the first unfinished node it met last time, once it has checked
 * that everything before it is unchanged, and its text transforms read only new text. It
 * also reports, per field, how much is known unchanged, so deltas need not compare whole
 * messages. Any tree can be mapped; one that does not continue the previous one is mapped
 * from the start.
 */
export class ChatAstMapper {
  private readonly texts: GrowingTexts;
  private snapshot: Snapshot | undefined;
  private readonly keys: MapperKeys = { node: new NodeKeys(''), depth: new NodeKeys('#depth'), json: new NodeKeys('#json'), decoded: new NodeKeys('#decoded') };

  /**
   * @param source - reads the parsed input by offsets (a parse session's `slice`), so that a
   *   long unfinished node's text is read only where it is new; without it, nodes' `text`.
   */
  constructor(source?: TextSource) {
    this.texts = new GrowingTexts(source);
  }

  /**
   * Maps `nodes` (see {@link mapChatAst} for the rules).
   *
   * @param reused - the nodes `nodes` shares with the tree this mapper mapped last (a parse
   *   session's `ParseResult.reused`, when the mapper mapped the session's previous partial
   *   result): they are not compared again, so resuming costs what changed.
   */
  map(nodes: readonly AstNode[], reused?: ReusedNodes): IncrementalMappedChat {
    const resumed = this.resumable(nodes, reused);
    // The run takes the snapshot's state over: a run that threw would leave it half folded.
    this.snapshot = undefined;
    const run = new FoldRun(this.texts, this.keys, resumed?.snapshot, nodes, resumed?.order);
    run.fold();
    this.snapshot = run.snapshot;
    return run.result();
  }

  /**
   * The snapshot, if `nodes` continue the tree it was taken in, with the visiting order of the
   * top-level node it resumes inside (when it does).
   */
  private resumable(nodes: readonly AstNode[], reused: ReusedNodes | undefined): { snapshot: Snapshot; order?: readonly AstNode[] } | undefined {
    const snap = this.snapshot;
    if (snap === undefined || nodes.length < snap.top) return undefined;
    const skipFrom = reused?.from ?? snap.top;
    const skipTo = skipFrom + (reused?.count ?? 0);
    for (let i = 0; i < snap.top; i++) {
      if (i === skipFrom) i = skipTo;
      if (i < snap.top && nodes[i] !== snap.tops[i]) return undefined;
    }
    if (snap.inner.length === 0) return { snapshot: snap };
    const top = nodes[snap.top];
    if (top === undefined) return undefined;
    const now = preorder(top);
    if (now.length < snap.inner.length) return undefined;
    for (let i = 0; i < snap.inner.length; i++) {
      const was = snap.inner[i]!;
      const is = now[i]!;
      // A finished node is the same object; an unfinished one before the snapshot is a
      // container whose mapping ignores its text: the same tag at the same place will do.
      if (was.partial ? is.tag !== was.tag || is.start !== was.start : is !== was) return undefined;
    }
    return { snapshot: snap, order: now };
  }
}

/** What a field gained in this run, while known. */
interface Gain {
  text: string | undefined;
}

/** One mapping of a tree: the fold over its nodes, from the start or from a snapshot. */
class FoldRun {
  private s: FoldState;
  snapshot: Snapshot | undefined;
  /** Per field, what it gained since the previous run (only when resuming). */
  private readonly gains = new PerField<Gain>();
  /** Per field, the node whose text came first after this run's snapshot (made with it). */
  private first: PerField<string> | undefined;
  private readonly expected: PerField<string> | undefined;
  /** The snapshot's open call's index (-1: none, or not listed) and its count of calls. */
  private readonly fromOpen: number;
  private readonly fromCallCount: number;
  /** The key (`tag@start`) of the node being visited: the node every write records. */
  private key = '';

  constructor(
    private readonly texts: GrowingTexts,
    private readonly keys: MapperKeys,
    private readonly from: Snapshot | undefined,
    private readonly nodes: readonly AstNode[],
    /** The visiting order of `nodes[from.top]`, when the caller has it. */
    private readonly fromOrder?: readonly AstNode[],
  ) {
    // What `result` reports relative to the snapshot, read before folding changes its state.
    this.fromOpen = from?.state.open?.index ?? -1;
    this.fromCallCount = from?.state.callCount ?? 0;
    this.s = from === undefined ? emptyState() : restoreState(from.state);
    this.expected = from?.first;
  }

  fold(): void {
    const nodes = this.nodes;
    let t = this.from?.top ?? 0;
    let skip = this.from?.inner.length ?? 0;
    for (; t < nodes.length; t++) {
      const top = nodes[t]!;
      if (this.snapshot !== undefined || (!top.partial && skip === 0)) {
        for (const n of preorder(top)) this.visit(n);
        continue;
      }
      // The first unfinished top-level node: the next snapshot goes before the first node
      // in it that grows, or after it when none does.
      const order = t === this.from?.top && this.fromOrder !== undefined ? this.fromOrder : preorder(top);
      for (let j = skip; j < order.length; j++) {
        const n = order[j]!;
        if (this.snapshot === undefined && n.partial && TEXT_TAGS.has(n.tag)) this.take(t, order.slice(0, j));
        this.visit(n);
      }
      // No node grows in it: resume after all of it (a container waiting for its close).
      if (this.snapshot === undefined && top.partial) this.take(t, order);
      skip = 0;
    }
    if (this.snapshot === undefined) this.take(nodes.length, []);
  }

  private take(top: number, inner: readonly AstNode[]): void {
    const first = new PerField<string>();
    this.first = first;
    this.snapshot = { tops: this.nodes, top, inner, state: copyState(this.s), first };
  }

  result(): IncrementalMappedChat {
    const s = this.s;
    const message: AssistantMessage = { role: 'assistant', content: s.content };
    // An empty `<think></think>` prefill leaves only whitespace, trimmed away: that is no reasoning.
    if (s.reasoning !== '') message.reasoning_content = s.reasoning;
    if (s.calls.length > 0) message.tool_calls = s.calls.slice();
    let appended: AppendedText | undefined;
    if (this.from !== undefined) {
      // Only calls this run changed need an entry: the others are the same objects as before.
      const args = new Map<number, string | undefined>();
      const open = this.fromOpen;
      if (open >= 0) args.set(open, '');
      this.gains.forEachCall((g, field) => args.set(field, g.text));
      // Calls listed before the snapshot are shared, finished objects; the open one was cloned.
      const callsFrom = open >= 0 ? Math.min(open, this.fromCallCount) : this.fromCallCount;
      appended = { content: this.gained('content'), reasoning: this.gained('reasoning'), args, callsFrom };
    }
    return { message, warnings: s.warnings.slice(), recovered: s.recovered.slice(), appended };
  }

  /** What `field` gained in this run (`undefined`: not known). */
  private gained(field: Field): string | undefined {
    const g = this.gains.get(field);
    return g === undefined ? '' : g.text;
  }

  /**
   * Records what `field` gained from the node being visited: `same` when the node is the one that gave the
   * field its first new text last time (what its transform added since), `whole` otherwise
   * (all of the node's contribution is new). `replaced`: the node set the whole field.
   */
  private wrote(field: Field, same: string | undefined, whole: string, replaced: boolean, wasEmpty: boolean): void {
    const key = this.key;
    if (this.first !== undefined && this.first.get(field) === undefined) this.first.set(field, key);
    if (this.from === undefined) return;
    const gain = this.gains.get(field);
    if (gain === undefined) {
      const expected = this.expected?.get(field);
      let add: string | undefined;
      if (expected === key) add = same;
      else if (expected === undefined) add = replaced && !wasEmpty ? undefined : whole;
      this.gains.set(field, { text: add });
      return;
    }
    if (gain.text === undefined) return;
    gain.text = replaced ? undefined : gain.text + whole;
  }

  /** The index of the open call among the message's calls (-1 while it is not listed). */
  private argsField(): number {
    return this.s.open?.index ?? -1;
  }

  private readTarget(): string {
    const open = this.s.open;
    return open && open.call.function.name !== '' ? open.call.function.arguments : this.s.buffer;
  }

  /**
   * Writes the arguments (to the call, or to the buffer before the name is known): `text`
   * is the new whole value, `same`/`whole` what it gained (see {@link FoldRun.wrote}).
   */
  private writeTarget(text: string, same: string | undefined, whole: string, replaced: boolean): void {
    const open = this.s.open;
    if (open && open.call.function.name !== '') {
      const wasEmpty = open.call.function.arguments === '';
      open.call.function.arguments = text;
      const field = this.argsField();
      if (field >= 0) this.wrote(field, same, whole, replaced, wasEmpty);
    } else this.s.buffer = text;
  }

  /** Appends `add` to the arguments. */
  private appendTarget(add: string, same: string | undefined): void {
    this.writeTarget(this.readTarget() + add, same, add, false);
  }

  private visit(node: AstNode): void {
    const s = this.s;
    const key = this.keys.node.of(node);
    this.key = key;
    if (node.tag.startsWith(RECOVER_TAG_PREFIX)) {
      // Only ChatBuilder.recover, which takes rule ids, makes these nodes in a chat arena.
      own(s).recovered.push({ rule: node.tag.slice(RECOVER_TAG_PREFIX.length) as RecoveryRuleId, start: node.start });
      return;
    }
    switch (node.tag) {
      case CHAT_TAGS.reasoning: {
        // As the reference does: the whitespace before a reasoning block's end tag is layout.
        // Streaming stays append-only: whitespace held back here comes with the next text.
        const grown = this.texts.trimmed(key, node);
        s.reasoning += grown.text;
        this.wrote('reasoning', grown.appended, grown.text, false, false);
        return;
      }
      case CHAT_TAGS.content: {
        const grown = this.texts.plain(key, node);
        s.content += grown.text;
        this.wrote('content', grown.appended, grown.text, false, false);
        return;
      }
      case CHAT_TAGS.toolOpen:
        s.open = { call: { type: 'function', function: { name: '', arguments: '' } }, pending: true, index: -1, depth: 0 };
        s.argCount = 0;
        s.buffer = '';
        s.quotePending = false;
        s.verbatim = false;
        s.seen = new Set();
        return;
      default:
        break;
    }
    const open = s.open;
    if (open === undefined) return;
    const call = open.call;
    switch (node.tag) {
      case CHAT_TAGS.toolId: {
        let id = node.text.trimEnd();
        if (id.length >= 2 && id.startsWith('"') && id.endsWith('"')) id = id.slice(1, -1);
        // A call written with two ids keeps the first: a stream has sent it.
        call.id ??= id;
        break;
      }
      case CHAT_TAGS.toolName: {
        // A variant spelling of a declared name (`tool-name-variant`) maps to the declared name.
        const declared = node.children.find((child) => child.tag.startsWith(DECLARED_NAME_TAG_PREFIX)) ?? node.children[0]?.children.find((child) => child.tag.startsWith(DECLARED_NAME_TAG_PREFIX));
        call.function.name = declared === undefined ? node.text.trimEnd() : declared.tag.slice(DECLARED_NAME_TAG_PREFIX.length);
        if (s.buffer !== '') {
          call.function.arguments = s.buffer;
          s.buffer = '';
        }
        if (open.pending) {
          // Listed as soon as it has a name, so a stream shows the call before its arguments.
          open.index = s.calls.push(call) - 1;
          open.pending = false;
        }
        break;
      }
      case CHAT_TAGS.toolArgs: {
        // Arguments in another notation come as a value tree, written out as JSON.
        const converted = valueTreeArguments(node);
        if (converted !== undefined) {
          this.writeTarget(converted, undefined, converted, true);
          open.depth = undefined;
          break;
        }
        // Inside an unfinished object, trailing whitespace is part of the value (`{"a": `);
        // only after the object is it layout.
        const inside = node.partial && this.texts.braceDepth(this.keys.depth.of(node), node) > 0;
        const grown = this.texts.normalized(this.keys.json.of(node), node, inside ? 'keep' : 'trim');
        if (this.texts.startsWith(node, '{')) {
          this.writeTarget(grown.text, grown.appended, grown.text, true);
          // A finished value is balanced; an unfinished one's braces are counted at the close.
          open.depth = node.partial ? undefined : 0;
        } else if (!node.partial && node.text.trim() !== '') open.scalar = normalizeQuotes(node.text.trim());
        break;
      }
      case CHAT_TAGS.toolArgsString: {
        // Arguments encoded as a JSON string: the decoded object text, as far as it is
        // decoded (an unfinished escape waits), with the same whitespace rule as above.
        const decoded = this.texts.decoded(this.keys.decoded.of(node), node).text.trimStart();
        const text = node.partial && braceDepth(decoded) > 0 ? decoded : decoded.trimEnd();
        const normalized = normalizeQuotes(text);
        if (text.startsWith('{')) {
          this.writeTarget(normalized, undefined, normalized, true);
          open.depth = undefined;
        }
        // The parser only saw a string that starts like an object; say when it is none.
        if (!node.partial && !isJsonText(normalized)) {
          own(s).warnings.push(`tool arguments at offset ${node.start} are a string that does not decode to JSON`);
        }
        break;
      }
      case CHAT_TAGS.toolArgOpen:
        s.quotePending = false;
        break;
      case CHAT_TAGS.toolArgName:
      case CHAT_TAGS.toolKwargName: {
        const name = node.text.replace(/^\s/u, '').trimEnd();
        if (s.seen.has(name)) own(s).warnings.push(`duplicate tool argument "${name}" at offset ${node.start}`);
        own(s).seen.add(name);
        const first = this.readTarget() === '';
        s.verbatim = node.tag === CHAT_TAGS.toolKwargName;
        const spacing = s.verbatim ? 'python' : 'compact';
        this.appendTarget(`${first ? '{' : ''}${argumentKey(name, s.argCount === 0, spacing)}`, undefined);
        if (first && open.depth !== undefined) open.depth++;
        s.argCount++;
        break;
      }
      case CHAT_TAGS.toolArgStringValue: {
        let add = '';
        if (!s.quotePending) {
          add = '"';
          s.quotePending = true;
        }
        const grown = this.texts.escaped(key, node, !s.verbatim);
        this.appendTarget(add + grown.text, grown.appended);
        break;
      }
      case CHAT_TAGS.toolArgJsonValue:
        if (node.end > node.start) {
          const grown = this.texts.normalized(key, node, 'trim');
          this.appendTarget(grown.text, grown.appended);
          // A finished value is balanced; an unfinished one's braces are counted at the close.
          if (node.partial) open.depth = undefined;
        }
        break;
      case CHAT_TAGS.toolArgJsonString: {
        // The container the string encodes, or, when it encodes none, the string itself
        // (a short value, read whole).
        const literal = node.text.trim();
        const decoded = encodedContainer(literal);
        if (decoded === undefined) own(s).warnings.push(`a tool argument at offset ${node.start} is a string that does not decode to a JSON object or array`);
        this.appendTarget(decoded ?? literal, undefined);
        if (node.partial) open.depth = undefined;
        break;
      }
      case CHAT_TAGS.toolCode: {
        // The close of the call ends the string and the object.
        const grown = this.texts.escaped(key, node, false);
        const text = `{"code":"${grown.text}`;
        this.writeTarget(text, grown.appended, text, true);
        open.depth = 1;
        s.quotePending = true;
        break;
      }
      case CHAT_TAGS.toolArgClose:
        if (s.quotePending) {
          this.appendTarget('"', undefined);
          s.quotePending = false;
        }
        break;
      case CHAT_TAGS.toolClose: {
        if (call.function.name === '' && s.buffer !== '') {
          call.function.arguments = s.buffer;
          s.buffer = '';
        }
        // A call closed without any argument has an empty object; a streamed call shows no
        // arguments until the first one arrives.
        let closing = s.quotePending ? '"' : '';
        s.quotePending = false;
        if (call.function.arguments === '' && closing === '') closing = open.scalar ?? '{}';
        else for (let d = open.depth ?? braceDepth(call.function.arguments + closing); d > 0; d--) closing += '}';
        if (closing !== '') this.appendTarget(closing, undefined);
        if (open.pending && call.function.name !== '') open.index = s.calls.push(call) - 1;
        s.open = undefined;
        break;
      }
      default:
        break;
    }
  }
}

/**
 * Maps the tagged tree of a chat parse to an assistant message. Tags are read in document
 * order. Tool arguments that arrive before the function name are buffered and handed over
 * once the name is known; Python-style values (`'quotes'`, `True`, `None`) become JSON;
 * arguments in another notation, tagged as a value tree (see `VALUE_TAGS`), are written as JSON;
 * separately tagged arguments are assembled into a JSON object
 * (string values escaped, Python values normalised to JSON; Python keyword arguments
 * spaced as `json.dumps`, their strings untrimmed); at a tool's close a string
 * left open gets its quote and open braces are closed. A call whose name never arrives is
 * dropped. Reasoning loses the whitespace at the end of each block; whitespace-only
 * reasoning (an empty `<think></think>` prefill) is dropped.
 */
export function mapChatAst(nodes: readonly AstNode[]): MappedChat {
  const { message, warnings, recovered } = new ChatAstMapper().map(nodes);
  return { message, warnings, recovered };
}
