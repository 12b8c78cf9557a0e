import type { AstNode } from '@autoparser/peg-core';
import { argumentKey } from './argument-key.js';
import { braceDepth } from './brace-depth.js';
import type { AssistantMessage, ChatToolCallOut } from './chat-message.js';
import type { UnchangedPrefix } from './diff-messages.js';
import { CHAT_TAGS } from './chat-tags.js';
import { GrowingTexts, type GrownText } from './growing-text.js';
import { valueTreeArguments } from './value-tree.js';

/** What {@link mapChatAst} found besides the message. */
export interface MappedChat {
  /** The assistant message. */
  message: AssistantMessage;
  /** Problems met while mapping (the message is still the best reading of the tree). */
  warnings: string[];
}

/** A mapping, with what is known unchanged since the previous one. */
export interface IncrementalMappedChat extends MappedChat {
  /** Leading characters of each field equal to the previous mapping's. */
  readonly unchanged: UnchangedPrefix;
}

interface OpenCall {
  call: ChatToolCallOut;
  /** Still waiting for its name: not yet in the message. */
  pending: boolean;
  /** Its index among the message's calls once listed (-1 before). */
  index: number;
}

/** The mapper's state between two nodes. Strings are immutable, so a copy is cheap. */
interface FoldState {
  content: string;
  reasoning: string;
  calls: ChatToolCallOut[];
  warnings: string[];
  open: OpenCall | undefined;
  buffer: string;
  argCount: number;
  quotePending: boolean;
  /** A Python keyword argument's string is delimited by its quotes: nothing to trim. */
  verbatim: boolean;
  seen: Set<string>;
}

const emptyState = (): FoldState => ({
  content: '',
  reasoning: '',
  calls: [],
  warnings: [],
  open: undefined,
  buffer: '',
  argCount: 0,
  quotePending: false,
  verbatim: false,
  seen: new Set(),
});

/** A copy that later folding cannot change: the open call is cloned, the rest is shared or copied. */
function copyState(s: FoldState): FoldState {
  const calls = s.calls.slice();
  let open: OpenCall | undefined;
  if (s.open !== undefined) {
    const call: ChatToolCallOut = { ...s.open.call, function: { ...s.open.call.function } };
    if (s.open.index >= 0) calls[s.open.index] = call;
    open = { call, pending: s.open.pending, index: s.open.index };
  }
  return { ...s, calls, warnings: s.warnings.slice(), open, seen: new Set(s.seen) };
}

// Templates put one newline after an opening tag and one before a closing tag: neither
// belongs to the value, but any further blank lines do.
const trimMarkerSpace = (s: string): string => s.replace(/^\s/u, '').replace(/\s$/u, '');

const isJsonText = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** C isspace, as the reference trims. */
const isCSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);

/** `text` without its trailing C whitespace (read from the end: a long text costs nothing). */
function trimTrailingSpace(text: string): string {
  let end = text.length;
  while (end > 0 && isCSpace(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Tags whose mapping reads the node's text or whether it is finished: these grow while streaming. */
const TEXT_TAGS: ReadonlySet<string> = new Set([
  CHAT_TAGS.reasoning,
  CHAT_TAGS.content,
  CHAT_TAGS.toolId,
  CHAT_TAGS.toolName,
  CHAT_TAGS.toolArgs,
  CHAT_TAGS.toolArgsString,
  CHAT_TAGS.toolArgName,
  CHAT_TAGS.toolKwargName,
  CHAT_TAGS.toolArgStringValue,
  CHAT_TAGS.toolArgJsonValue,
  CHAT_TAGS.toolCode,
]);

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
  readonly first: Map<string, string>;
}

/** Field names for {@link Snapshot.first}: `content`, `reasoning`, or a call's index. */
type Field = 'content' | 'reasoning' | number;

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
  private readonly texts = new GrowingTexts();
  private snapshot: Snapshot | undefined;

  /** Maps `nodes` (see {@link mapChatAst} for the rules). */
  map(nodes: readonly AstNode[]): IncrementalMappedChat {
    const resumed = this.resumable(nodes);
    const run = new FoldRun(this.texts, resumed, nodes);
    run.fold();
    this.snapshot = run.snapshot;
    return run.result();
  }

  /** The snapshot, if `nodes` continue the tree it was taken in. */
  private resumable(nodes: readonly AstNode[]): Snapshot | undefined {
    const snap = this.snapshot;
    if (snap === undefined || nodes.length < snap.top) return undefined;
    for (let i = 0; i < snap.top; i++) if (nodes[i] !== snap.tops[i]) return undefined;
    if (snap.inner.length === 0) return snap;
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
    return snap;
  }
}

/** One mapping of a tree: the fold over its nodes, from the start or from a snapshot. */
class FoldRun {
  private s: FoldState;
  snapshot: Snapshot | undefined;
  private readonly unchanged = { content: 0, reasoning: 0, args: [] as number[] };
  /** Fields still continuing the snapshot's text exactly (their first new node is the one met last time). */
  private readonly tracking = new Set<Field>();
  /** Per field, the node whose text came first after this run's snapshot. */
  private first = new Map<string, string>();
  private readonly expected: Map<string, string>;

  constructor(
    private readonly texts: GrowingTexts,
    private readonly from: Snapshot | undefined,
    private readonly nodes: readonly AstNode[],
  ) {
    this.s = from === undefined ? emptyState() : copyState(from.state);
    this.expected = from?.first ?? new Map();
    if (from !== undefined) {
      this.unchanged.content = this.s.content.length;
      this.unchanged.reasoning = this.s.reasoning.length;
      this.s.calls.forEach((call, i) => {
        this.unchanged.args[i] = call.function.arguments.length;
      });
      this.tracking.add('content').add('reasoning');
      this.s.calls.forEach((_, i) => this.tracking.add(i));
    }
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
      const order = preorder(top);
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
    this.first = new Map();
    this.snapshot = { tops: this.nodes, top, inner, state: copyState(this.s), first: this.first };
  }

  result(): IncrementalMappedChat {
    const s = this.s;
    const message: AssistantMessage = { role: 'assistant', content: s.content };
    // An empty `<think></think>` prefill leaves only whitespace: that is no reasoning.
    if (/[^ \n\r\t]/u.test(s.reasoning)) message.reasoning_content = s.reasoning;
    if (s.calls.length > 0) message.tool_calls = s.calls.slice();
    return { message, warnings: s.warnings.slice(), unchanged: this.unchanged };
  }

  /** Records that `field` got text from `node`: extends what is known unchanged, once, from the node met first last time. */
  private wrote(field: Field, node: AstNode, grown: GrownText | undefined, replaced: boolean): void {
    const key = `${node.tag}@${node.start}`;
    const name = String(field);
    if (this.snapshot !== undefined && !this.first.has(name)) this.first.set(name, key);
    if (!this.tracking.has(field)) return;
    this.tracking.delete(field);
    const same = grown !== undefined && this.expected.get(name) === key ? grown.same : 0;
    if (field === 'content') this.unchanged.content += same;
    else if (field === 'reasoning') this.unchanged.reasoning += same;
    else this.unchanged.args[field] = replaced ? same : (this.unchanged.args[field] ?? 0) + same;
  }

  /** The index of the open call's arguments among the message's calls (-1 while it is not listed). */
  private argsField(): number {
    return this.s.open?.index ?? -1;
  }

  private readTarget(): string {
    const open = this.s.open;
    return open && open.call.function.name !== '' ? open.call.function.arguments : this.s.buffer;
  }

  /** Before the name is known, argument text is buffered; afterwards it goes to the call. */
  private writeTarget(text: string, node: AstNode, grown: GrownText | undefined, replaced: boolean): void {
    const open = this.s.open;
    if (open && open.call.function.name !== '') {
      open.call.function.arguments = text;
      const field = this.argsField();
      if (field >= 0) this.wrote(field, node, grown, replaced);
    } else this.s.buffer = text;
  }

  private visit(node: AstNode): void {
    const s = this.s;
    const key = `${node.tag}@${node.start}`;
    switch (node.tag) {
      case CHAT_TAGS.reasoning: {
        // As the reference does: the whitespace before a reasoning block's end tag is layout.
        // Streaming stays append-only: whitespace held back here comes with the next text.
        const grown = this.texts.plain(key, trimTrailingSpace(node.text), node.partial);
        s.reasoning += grown.text;
        this.wrote('reasoning', node, grown, false);
        return;
      }
      case CHAT_TAGS.content: {
        const grown = this.texts.plain(key, node.text, node.partial);
        s.content += grown.text;
        this.wrote('content', node, grown, false);
        return;
      }
      case CHAT_TAGS.toolOpen:
        s.open = { call: { type: 'function', function: { name: '', arguments: '' } }, pending: true, index: -1 };
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
        call.id = id;
        break;
      }
      case CHAT_TAGS.toolName:
        call.function.name = node.text.trimEnd();
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
      case CHAT_TAGS.toolArgs: {
        // Arguments in another notation come as a value tree, written out as JSON.
        const converted = valueTreeArguments(node);
        if (converted !== undefined) {
          this.writeTarget(converted, node, undefined, true);
          break;
        }
        // Inside an unfinished object, trailing whitespace is part of the value (`{"a": `);
        // only after the object is it layout.
        const text = node.partial && this.texts.braceDepth(`${key}#depth`, node.text, node.partial) > 0 ? node.text : node.text.trimEnd();
        if (text.startsWith('{')) {
          const [normalized, grown] = this.normalized(key, text, node.partial);
          this.writeTarget(normalized, node, grown, true);
        }
        break;
      }
      case CHAT_TAGS.toolArgsString: {
        // Arguments encoded as a JSON string: the decoded object text, as far as it is
        // decoded (an unfinished escape waits), with the same whitespace rule as above.
        const decoded = this.texts.decodeString(`${key}#decoded`, node.text, node.partial).text.trimStart();
        const text = node.partial && this.texts.braceDepth(`${key}#depth`, decoded, node.partial) > 0 ? decoded : decoded.trimEnd();
        const [normalized, grown] = this.normalized(key, text, node.partial);
        if (text.startsWith('{')) this.writeTarget(normalized, node, grown, true);
        // The parser only saw a string that starts like an object; say when it is none.
        if (!node.partial && !isJsonText(normalized)) {
          s.warnings.push(`tool arguments at offset ${node.start} are a string that does not decode to JSON`);
        }
        break;
      }
      case CHAT_TAGS.toolArgOpen:
        s.quotePending = false;
        break;
      case CHAT_TAGS.toolArgName:
      case CHAT_TAGS.toolKwargName: {
        const name = node.text.replace(/^\s/u, '').trimEnd();
        if (s.seen.has(name)) s.warnings.push(`duplicate tool argument "${name}" at offset ${node.start}`);
        s.seen.add(name);
        const target = this.readTarget() === '' ? '{' : this.readTarget();
        s.verbatim = node.tag === CHAT_TAGS.toolKwargName;
        const spacing = s.verbatim ? 'python' : 'compact';
        this.writeTarget(`${target}${argumentKey(name, s.argCount === 0, spacing)}`, node, undefined, false);
        s.argCount++;
        break;
      }
      case CHAT_TAGS.toolArgStringValue: {
        let add = '';
        if (!s.quotePending) {
          add = '"';
          s.quotePending = true;
        }
        const grown = this.texts.escape(key, s.verbatim ? node.text : trimMarkerSpace(node.text), node.partial);
        const before = this.readTarget() + add;
        this.writeTarget(before + grown.text, node, add === '' ? grown : undefined, false);
        break;
      }
      case CHAT_TAGS.toolArgJsonValue:
        if (node.text !== '') {
          const [text, grown] = this.normalized(key, node.text.trimEnd(), node.partial);
          this.writeTarget(this.readTarget() + text, node, grown, false);
        }
        break;
      case CHAT_TAGS.toolCode: {
        // The close of the call ends the string and the object.
        const grown = this.texts.escape(key, node.text, node.partial);
        const prefix = '{"code":"';
        this.writeTarget(prefix + grown.text, node, { text: grown.text, same: grown.same + prefix.length }, true);
        s.quotePending = true;
        break;
      }
      case CHAT_TAGS.toolArgClose:
        if (s.quotePending) {
          this.writeTarget(`${this.readTarget()}"`, node, undefined, false);
          s.quotePending = false;
        }
        break;
      case CHAT_TAGS.toolClose:
        if (call.function.name === '' && s.buffer !== '') {
          call.function.arguments = s.buffer;
          s.buffer = '';
        }
        if (s.quotePending) {
          call.function.arguments += '"';
          s.quotePending = false;
        }
        // A call closed without any argument has an empty object; a streamed call shows no
        // arguments until the first one arrives.
        if (call.function.arguments === '') call.function.arguments = '{}';
        for (let d = braceDepth(call.function.arguments); d > 0; d--) call.function.arguments += '}';
        if (open.pending && call.function.name !== '') open.index = s.calls.push(call) - 1;
        s.open = undefined;
        break;
      default:
        break;
    }
  }

  private normalized(key: string, text: string, grows: boolean): [string, GrownText] {
    const grown = this.texts.normalize(`${key}#json`, text, grows);
    return [grown.text, grown];
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
  const { message, warnings } = new ChatAstMapper().map(nodes);
  return { message, warnings };
}
