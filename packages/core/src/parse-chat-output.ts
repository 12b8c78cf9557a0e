import { applyDelta, CHAT_TAGS, ChatAstMapper, diffMessages, mapChatAst, type AssistantMessage, type UnchangedPrefix } from '@autoparser/chat-mapper';
import { parse, RECOVER_TAG_PREFIX, visitAst, type Arena, type AstNode, type ParseResult } from '@autoparser/peg-core';
import type { ParseWarning } from './parse-warning.js';

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

/** A read of model output, with what is known unchanged since the mapper's previous read. */
export interface ChatRead {
  /** The message. */
  readonly message: ParsedMessage;
  /** Leading characters of each field equal to the previous read's (none known: `undefined`). */
  readonly unchanged: UnchangedPrefix | undefined;
}

/** Where a read of model output gets its parses and maps them. */
export interface ChatReader {
  /** The parse of the input (`partial`: the output may continue). */
  readonly parse: (partial: boolean) => ParseResult;
  /** Maps a tree (one mapper per stream, so it can resume). */
  readonly mapper: ChatAstMapper;
}

/**
 * Reads model output (which follows a generation prompt of `shift` characters, `input` being
 * both) from its parse. Never throws: output the parser cannot place is returned whole as
 * content, with an `unparsed` warning giving the offset where parsing stopped; a complete
 * output that ends inside a construct is read as far as it goes, with a `truncated` warning.
 */
export function readChatOutput(reader: ChatReader, input: string, shift: number, partial: boolean): ChatRead {
  const output = input.slice(shift);
  let result = reader.parse(partial);
  let mapped = result.status === 'fail' ? undefined : reader.mapper.map(result.nodes);
  let unclosed = false;
  if (mapped !== undefined && !partial && result.nodes.some((n) => n.start < shift && n.end > shift)) {
    // The prompt may have opened a block (say `<think>`) the output never closed, so the
    // final parse fell back to reading the prompt's tail as content: then a cut stream
    // reads it differently, and that reading is the answer. A node may also straddle the
    // boundary legitimately (a prefilled answer, a closed block, reasoning kept as content,
    // an unclosed block a tool call ended): then the final reading agrees with the cut one
    // or only adds to it, and nothing was cut.
    const cut = reader.parse(true);
    const cutMapped = cut.status === 'need_more_input' ? mapChatAst(cut.nodes) : undefined;
    if (cutMapped !== undefined && !extendsMessage(cutMapped.message, mapped.message)) {
      result = cut;
      mapped = { ...cutMapped, unchanged: { content: 0, reasoning: 0, args: [] } };
      unclosed = true;
    }
  }
  if (mapped === undefined) {
    const offset = Math.max(0, Math.min(output.length, result.end - shift));
    const message: ParsedMessage = {
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
    return { message, unchanged: undefined };
  }
  const { message, warnings } = mapped;
  const out: ParsedMessage = message;
  const notes: ParseWarning[] = warnings.map((w) => ({ code: 'mapping', offset: 0, message: w }));
  notes.push(...recoveries(result.nodes, shift));
  if (result.lenient === true || unclosed) {
    keepUnreadTail(out, result.nodes, input);
    const open = innermostPartial(result.nodes);
    const inside = open === undefined ? 'an unfinished construct' : `an unfinished "${open.tag}"`;
    notes.push({
      code: 'truncated',
      offset: output.length,
      message: `the output ended inside ${inside} (unclosed tag, JSON or tool call); the message holds what was read`,
    });
  }
  if (notes.length > 0) out.warnings = notes;
  return { message: out, unchanged: result.lenient === true || unclosed ? undefined : mapped.unchanged };
}

/**
 * Parses model output (which follows `generationPrompt`) with a chat arena: one whole read
 * (see {@link readChatOutput}).
 */
export function parseChatOutput(arena: Arena, generationPrompt: string, output: string, partial: boolean): ParsedMessage {
  const input = generationPrompt + output;
  const reader: ChatReader = {
    parse: (cut) => parse(arena, input, { partial: cut, lenient: !cut }),
    mapper: new ChatAstMapper(),
  };
  return readChatOutput(reader, input, generationPrompt.length, partial).message;
}
