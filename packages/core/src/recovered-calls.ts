import { CHAT_TAGS, functionTools, schemaMisfit, toolParameters, type AssistantMessage, type ChatTool } from '@autoparser/chat-mapper';
import { RECOVER_TAG_PREFIX, visitAst, type AstNode, type JsonValue } from '@autoparser/peg-core';

/** One tool call of a parse tree: from its opening to its close. */
interface CallSpan {
  /** Where the text that makes it a call starts: the end of what came before it. */
  readonly from: number;
  readonly start: number;
  readonly end: number;
  /** Where its name ends (the call shows from there on); undefined while it has none. */
  readonly named: number | undefined;
  readonly complete: boolean;
  /** Where the last content or reasoning before the call ends: a cut never reaches into it. */
  readonly textEnd: number;
}

/** What {@link checkRecoveredCalls} decided about the first recovered call that may not stand. */
export interface RecoveredCallVerdict {
  /** Input offset where the call's text starts: the message keeps what the tree holds before it. */
  readonly cut: number;
  /** `hold`: the call is unfinished in a partial parse, so nothing from `cut` on shows yet; `reject`: it does not fit, so the text from `cut` on is content. */
  readonly action: 'hold' | 'reject';
  /** Why a rejected call does not fit. */
  readonly reason: string;
  /** The recoveries that made it a call: with the call gone they did not apply. */
  readonly recoveries: ReadonlySet<AstNode>;
}

/** The tag of `marker-as-content`, the strict reading of the whole output (see build-chat-arena). */
const STRICT_READING = `${RECOVER_TAG_PREFIX}marker-as-content`;

const containsReasoning = (node: AstNode): boolean => {
  let found = false;
  visitAst(node.children, (n) => {
    if (n.tag === CHAT_TAGS.reasoning) found = true;
    return !found;
  });
  return found;
};

/** The calls of a tree in input order, and the recovery nodes (none holding reasoning). */
function callsAndRecoveries(nodes: readonly AstNode[], shift: number, partial: boolean): { calls: CallSpan[]; recoveries: AstNode[] } {
  const recoveries: AstNode[] = [];
  const opens: { open: AstNode; name?: AstNode; close?: AstNode; last: AstNode }[] = [];
  let textEnd = shift;
  const textEnds: number[] = [];
  visitAst(nodes, (node) => {
    if (node.tag.startsWith(RECOVER_TAG_PREFIX)) {
      // A recovery around reasoning (a repeated or unexpected block) repairs the reasoning, not
      // a call; the strict reading the lenient parser falls back on makes no call of its own.
      if (node.tag !== STRICT_READING && !containsReasoning(node)) recoveries.push(node);
      return;
    }
    const current = opens.at(-1);
    if (node.tag === CHAT_TAGS.toolOpen) {
      opens.push({ open: node, last: node });
      textEnds.push(textEnd);
    } else if (node.tag === CHAT_TAGS.content || node.tag === CHAT_TAGS.reasoning) textEnd = Math.max(textEnd, node.end);
    else if (current !== undefined) {
      if (node.tag === CHAT_TAGS.toolName) current.name ??= node;
      if (node.tag === CHAT_TAGS.toolClose) current.close ??= node;
      if (node.end >= current.last.end) current.last = node;
    }
  });
  const calls: CallSpan[] = [];
  opens.forEach((o, i) => {
    const end = o.close?.end ?? o.last.end;
    const complete = o.close !== undefined ? !o.close.partial : i < opens.length - 1 || (!partial && !o.last.partial);
    const before = textEnds[i] ?? shift;
    const from = i === 0 ? Math.min(before, o.open.start) : calls[i - 1]!.end;
    calls.push({ from, start: o.open.start, end, named: o.name?.end, complete, textEnd: before });
  });
  return { calls, recoveries };
}

/**
 * Whether recovery `r` made `call` (the `index`-th) a call: it starts before the end of the
 * call's name and lies after what came before the call (for the first call, it may also
 * end where the text before it ends: content read up to a call) or holds the call's opening.
 */
const madeCall = (r: AstNode, call: CallSpan, index: number, named: number): boolean =>
  r.start < named && (r.start >= call.from || r.end > call.start || (index === 0 && r.end >= call.from));

/**
 * Where the text of a recovered call starts. The first call's starts where the text before
 * it ends; a later one's at its first recovery past the previous call's close (that call's
 * own closer is not this one's text), with the whitespace before it.
 */
function cutBefore(call: CallSpan, index: number, made: readonly AstNode[], text: (from: number, to: number) => string): number {
  if (index === 0) return call.from;
  const own = made.filter((r) => r.start > call.from && r.start <= call.start).map((r) => r.start);
  let cut = own.length === 0 ? call.from : Math.min(...own);
  const floor = Math.max(call.from, call.textEnd);
  while (cut > floor && /\s/u.test(text(cut - 1, cut))) cut--;
  return Math.max(cut, Math.min(floor, call.start));
}

/** Why the arguments text of a call of `tool` does not fit, or undefined. */
export function argumentsMisfit(args: string, tool: ChatTool, partial: boolean): string | undefined {
  let value: JsonValue;
  try {
    value = JSON.parse(args) as JsonValue;
  } catch {
    // Arguments cut short cannot be judged yet; whole ones must be JSON.
    return partial ? undefined : 'the arguments are not JSON';
  }
  const why = schemaMisfit(value, toolParameters(tool), { partial });
  return why === undefined ? undefined : `${why} (schema of "${tool.function.name}")`;
}

/**
 * Never invent: the first tool call that only a recovery made a call (a recovery lies in
 * its text up to its name, or around it) and that names no declared tool or whose arguments
 * do not fit the tool's schema (see `schemaMisfit`). Canonical calls keep the reference's
 * reading and are not checked. In a partial parse an unfinished recovered call is held back
 * until it can be judged, so a stream never shows a call it must take back. `text` reads the
 * parsed input by offsets (only the few characters before a cut are read).
 */
export function checkRecoveredCalls(
  text: (from: number, to: number) => string,
  nodes: readonly AstNode[],
  message: AssistantMessage,
  tools: readonly ChatTool[],
  shift: number,
  partial: boolean,
): RecoveredCallVerdict | undefined {
  const declared = functionTools(tools);
  if (declared.length === 0) return undefined;
  const { calls, recoveries } = callsAndRecoveries(nodes, shift, partial);
  if (recoveries.length === 0) return undefined;
  let listed = 0;
  for (const [index, call] of calls.entries()) {
    if (call.named === undefined) continue;
    const out = message.tool_calls?.[listed++];
    const named = call.named;
    const made = recoveries.filter((r) => madeCall(r, call, index, named));
    if (out === undefined || made.length === 0) continue;
    const cut = cutBefore(call, index, made, text);
    if (partial && !call.complete) return { cut, action: 'hold', reason: 'unfinished', recoveries: new Set(made) };
    const tool = declared.find((t) => t.function.name === out.function.name);
    const reason = tool === undefined ? `"${out.function.name}" is not a declared tool` : argumentsMisfit(out.function.arguments, tool, !call.complete);
    if (reason !== undefined) return { cut, action: 'reject', reason, recoveries: new Set(made) };
  }
  return undefined;
}

/**
 * `nodes` without anything that ends after `cut`; nodes that straddle it, and the
 * `dropped` ones, give way to their children.
 */
export function nodesBefore(nodes: readonly AstNode[], cut: number, dropped: ReadonlySet<AstNode>): AstNode[] {
  const kept: AstNode[] = [];
  for (const node of nodes) {
    if (node.end <= cut && !dropped.has(node)) kept.push(node);
    else if (node.start < cut) kept.push(...nodesBefore(node.children, cut, dropped));
  }
  return kept;
}
