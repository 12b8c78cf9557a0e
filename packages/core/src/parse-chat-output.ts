import { applyDelta, CHAT_TAGS, diffMessages, mapChatAst, type AssistantMessage, type ChatTool } from '@autoparser/chat-mapper';
import { parse, RECOVER_TAG_PREFIX, visitAst, type Arena, type AstNode } from '@autoparser/peg-core';
import type { ParseWarning } from './parse-warning.js';
import { checkRecoveredCalls, nodesBefore } from './recovered-calls.js';

/** An assistant message, with warnings when the output could not be read cleanly. */
export type ParsedMessage = AssistantMessage & {
  /** Present only when something went wrong; see {@link ParseWarning}. */
  warnings?: ParseWarning[];
};

/** Whether `next` only adds to `prev`, as a stream's deltas would take one to the other. */
function extendsMessage(prev: AssistantMessage, next: AssistantMessage): boolean {
  const reached = diffMessages(prev, next).reduce(applyDelta, prev);
  return JSON.stringify(reached) === JSON.stringify(next);
}

const snippet = (text: string, at: number): string => JSON.stringify(text.slice(at, at + 40));

function innermostPartial(nodes: readonly AstNode[]): AstNode | undefined {
  let found: AstNode | undefined;
  for (const node of nodes) {
    if (!node.partial) continue;
    found = innermostPartial(node.children) ?? node;
  }
  return found;
}

/**
 * A cut output read as far as it goes may leave text after its last node that no node holds
 * (a stream holds back a possible marker until it is sure): that text is still the model's,
 * so it goes to the field the last text went to (reasoning or content), never dropped.
 */
function keepUnreadTail(message: ParsedMessage, nodes: readonly AstNode[], input: string): void {
  const last = nodes.at(-1);
  if (last === undefined || last.end >= input.length) return;
  const tail = input.slice(last.end);
  if (tail.trim() === '') return;
  // Reasoning lost its trailing whitespace as layout; before more text it is text again.
  const layout = /[ \t\n\v\f\r]*$/u.exec(last.text)?.[0] ?? '';
  if (last.tag === CHAT_TAGS.reasoning && message.reasoning_content !== undefined) message.reasoning_content += layout + tail;
  else if (last.tag === CHAT_TAGS.reasoning || last.tag === CHAT_TAGS.content) message.content += tail;
}

/** One `recovered` warning per recovery node the parse went through, in output order. */
function recoveries(nodes: readonly AstNode[], shift: number): ParseWarning[] {
  const found: ParseWarning[] = [];
  visitAst(nodes, (node) => {
    if (!node.tag.startsWith(RECOVER_TAG_PREFIX)) return;
    const rule = node.tag.slice(RECOVER_TAG_PREFIX.length);
    const offset = Math.max(0, node.start - shift);
    found.push({ code: 'recovered', rule, offset, message: `recovered by "${rule}" at offset ${offset}: the output strays from the template's format there` });
  });
  return found;
}

/** What {@link parseChatOutput} knows of the request and template beyond the arena. */
export interface ParseChatOptions {
  /** The request's tools: a call only a recovery read must name one and fit its schema. */
  readonly tools?: readonly ChatTool[] | undefined;
  /**
   * The marker the template writes after an assistant turn (`<|im_end|>`), for the
   * `trailing-end-of-turn` recovery; '' or absent (strict parsers) for none.
   */
  readonly endOfTurn?: string | undefined;
}

/** The `recovered` rule of an end-of-turn marker written at the very end of the output. */
export const TRAILING_END_OF_TURN_RULE = 'trailing-end-of-turn';

/** Where the trailing `marker` (and whitespace after it) starts in `output`, or -1. */
function trailingMarkerAt(output: string, marker: string): number {
  const body = output.trimEnd();
  return body.endsWith(marker) ? body.length - marker.length : -1;
}

/** How much of the end of `output` a stream holds back: a complete trailing marker, or a start of it. */
function heldBack(output: string, marker: string): number {
  const at = trailingMarkerAt(output, marker);
  if (at >= 0) return output.length - at;
  for (let n = Math.min(marker.length - 1, output.length); n > 0; n--) if (output.endsWith(marker.slice(0, n))) return n;
  return 0;
}

/**
 * Parses model output (which follows `generationPrompt`) with a chat arena (see
 * {@link ParseChatOptions} for `tools` and `endOfTurn`). Lenient, with `endOfTurn`: the
 * marker written as text at the very end of the output (a server that did not stop on it) is
 * dropped, with a `recovered` warning (`trailing-end-of-turn`), when the whole output reads it
 * as text and the rest still reads; a partial parse holds back the end of the output that may
 * be that marker.
 */
export function parseChatOutput(arena: Arena, generationPrompt: string, output: string, partial: boolean, options: ParseChatOptions = {}): ParsedMessage {
  const tools = options.tools ?? [];
  const marker = options.endOfTurn ?? '';
  if (marker === '') return readOutput(arena, generationPrompt, output, partial, tools);
  if (partial) return readOutput(arena, generationPrompt, output.slice(0, output.length - heldBack(output, marker)), partial, tools);
  const at = trailingMarkerAt(output, marker);
  const whole = readOutput(arena, generationPrompt, output, partial, tools);
  // Canonical first: a format may read the marker itself (GigaChat's separator, harmony's `<|return|>`).
  const asText = (text: string | undefined): boolean => text !== undefined && text.trimEnd().endsWith(marker);
  if (at < 0 || !(asText(whole.content) || asText(whole.reasoning_content))) return whole;
  const read = readOutput(arena, generationPrompt, output.slice(0, at), partial, tools);
  // Without the marker the rest must read (else the marker was no end of turn).
  if (read.warnings?.some((w) => w.code === 'unparsed' || w.code === 'rejected') === true) return whole;
  const warning: ParseWarning = {
    code: 'recovered',
    rule: TRAILING_END_OF_TURN_RULE,
    offset: at,
    message: `recovered by "${TRAILING_END_OF_TURN_RULE}" at offset ${at}: the end-of-turn marker ${JSON.stringify(marker)} written at the end of the output is not part of the answer`,
  };
  return { ...read, warnings: [...(read.warnings ?? []), warning] };
}

/**
 * Parses model output (which follows `generationPrompt`) with a chat arena. Never throws:
 * output the parser cannot place is returned whole as content, with an `unparsed` warning
 * giving the offset where parsing stopped; a complete output that ends inside a construct
 * is read as far as it goes, with a `truncated` warning. With `tools`, a call that only a
 * recovery read must name one of them and fit its schema, else it and the text after it are
 * content (a `rejected` warning); canonical calls are not checked.
 */
function readOutput(arena: Arena, generationPrompt: string, output: string, partial: boolean, tools: readonly ChatTool[]): ParsedMessage {
  const shift = generationPrompt.length;
  const input = generationPrompt + output;
  let result = parse(arena, input, { partial, lenient: !partial });
  let mapped = result.status === 'fail' ? undefined : mapChatAst(result.nodes);
  let unclosed = false;
  if (mapped !== undefined && !partial && result.nodes.some((n) => n.start < shift && n.end > shift)) {
    // The prompt may have opened a block (say `<think>`) the output never closed, so the
    // final parse fell back to reading the prompt's tail as content: then a cut stream
    // reads it differently, and that reading is the answer. A node may also straddle the
    // boundary legitimately (a prefilled answer, a closed block, reasoning kept as content,
    // an unclosed block a tool call ended): then the final reading agrees with the cut one
    // or only adds to it, and nothing was cut.
    const cut = parse(arena, input, { partial: true });
    const cutMapped = cut.status === 'need_more_input' ? mapChatAst(cut.nodes) : undefined;
    if (cutMapped !== undefined && !extendsMessage(cutMapped.message, mapped.message)) {
      result = cut;
      mapped = cutMapped;
      unclosed = true;
    }
  }
  if (mapped === undefined) {
    const offset = Math.max(0, Math.min(output.length, result.end - shift));
    return {
      role: 'assistant',
      content: output,
      warnings: [
        {
          code: 'unparsed',
          offset,
          message: `parsing stopped at offset ${offset} (${snippet(output, offset)}): the output does not follow the template's format there (unknown tool, invalid arguments or stray text), so all of it is returned as content`,
        },
      ],
    };
  }
  let nodes = result.nodes;
  let recovered = recoveries(nodes, shift);
  // Only a recovery can make a call that must be checked.
  const verdict = recovered.length === 0 ? undefined : checkRecoveredCalls(input, nodes, mapped.message, tools, shift, partial);
  if (verdict !== undefined) {
    // The tree up to the call stands; from there on the text waits (held) or is content.
    nodes = nodesBefore(nodes, verdict.cut, verdict.recoveries);
    mapped = mapChatAst(nodes);
    if (verdict.action === 'reject') mapped.message.content += input.slice(Math.max(shift, verdict.cut));
    recovered = recoveries(nodes, shift);
  }
  const { message, warnings } = mapped;
  const out: ParsedMessage = message;
  const notes: ParseWarning[] = warnings.map((w) => ({ code: 'mapping', offset: 0, message: w }));
  notes.push(...recovered);
  if (verdict?.action === 'reject') {
    const offset = Math.max(0, verdict.cut - shift);
    notes.push({
      code: 'rejected',
      offset,
      message: `the tool call at offset ${offset} was read only by a recovery and ${verdict.reason}, so it and the text after it are content`,
    });
  } else if (result.lenient === true || unclosed) {
    keepUnreadTail(out, nodes, input);
    const open = innermostPartial(nodes);
    const inside = open === undefined ? 'an unfinished construct' : `an unfinished "${open.tag}"`;
    notes.push({
      code: 'truncated',
      offset: output.length,
      message: `the output ended inside ${inside} (unclosed tag, JSON or tool call); the message holds what was read`,
    });
  }
  if (notes.length > 0) out.warnings = notes;
  return out;
}
