import { visitAst, type AstNode } from '@autoparser/peg-core';
import { argumentKey } from './argument-key.js';
import { braceDepth } from './brace-depth.js';
import type { AssistantMessage, ChatToolCallOut } from './chat-message.js';
import { CHAT_TAGS } from './chat-tags.js';
import { normalizeQuotes } from './normalize-quotes.js';
import { decodeJsonStringPrefix } from './decode-json-string.js';
import { valueTreeArguments } from './value-tree.js';
import { openCodeArguments } from './code-arguments.js';

/** What {@link mapChatAst} found besides the message. */
export interface MappedChat {
  /** The assistant message. */
  message: AssistantMessage;
  /** Problems met while mapping (the message is still the best reading of the tree). */
  warnings: string[];
}

interface OpenCall {
  call: ChatToolCallOut;
  /** Still waiting for its name: not yet in the message. */
  pending: boolean;
}

const trimEnd = (s: string): string => s.trimEnd();
// Templates put one newline after an opening tag and one before a closing tag: neither
// belongs to the value, but any further blank lines do.
const trimMarkerSpace = (s: string): string => s.replace(/^\s/u, '').replace(/\s$/u, '');
const jsonStringBody = (s: string): string => JSON.stringify(s).slice(1, -1);

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
  try {
    const inner: unknown = JSON.parse(literal);
    if (typeof inner !== 'string') return undefined;
    const value: unknown = JSON.parse(inner);
    return typeof value === 'object' && value !== null ? inner.trim() : undefined;
  } catch {
    return undefined;
  }
}

// C isspace, as the reference trims.
const TRAILING_SPACE = /[ \t\n\v\f\r]+$/u;

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
  let content = '';
  let reasoning = '';
  const calls: ChatToolCallOut[] = [];
  const warnings: string[] = [];
  let open: OpenCall | undefined;
  let buffer = '';
  let argCount = 0;
  let quotePending = false;
  // A Python keyword argument's string is delimited by its quotes: nothing to trim.
  let verbatim = false;
  let seen = new Set<string>();

  // Before the name is known, argument text is buffered; afterwards it goes to the call.
  const readTarget = (): string => (open && open.call.function.name !== '' ? open.call.function.arguments : buffer);
  const writeTarget = (text: string): void => {
    if (open && open.call.function.name !== '') open.call.function.arguments = text;
    else buffer = text;
  };

  visitAst(nodes, (node) => {
    switch (node.tag) {
      case CHAT_TAGS.reasoning:
        // As the reference does: the whitespace before a reasoning block's end tag is layout.
        // Streaming stays append-only: whitespace held back here comes with the next text.
        reasoning += node.text.replace(TRAILING_SPACE, '');
        return;
      case CHAT_TAGS.content:
        content += node.text;
        return;
      case CHAT_TAGS.toolOpen:
        open = { call: { type: 'function', function: { name: '', arguments: '' } }, pending: true };
        argCount = 0;
        buffer = '';
        quotePending = false;
        verbatim = false;
        seen = new Set();
        return;
      default:
        break;
    }
    if (open === undefined) return;
    const call = open.call;
    switch (node.tag) {
      case CHAT_TAGS.toolId: {
        let id = trimEnd(node.text);
        if (id.length >= 2 && id.startsWith('"') && id.endsWith('"')) id = id.slice(1, -1);
        call.id = id;
        break;
      }
      case CHAT_TAGS.toolName:
        call.function.name = trimEnd(node.text);
        if (buffer !== '') {
          call.function.arguments = buffer;
          buffer = '';
        }
        if (open.pending) {
          // Listed as soon as it has a name, so a stream shows the call before its arguments.
          calls.push(call);
          open.pending = false;
        }
        break;
      case CHAT_TAGS.toolArgs: {
        // Arguments in another notation come as a value tree, written out as JSON.
        const converted = valueTreeArguments(node);
        if (converted !== undefined) {
          writeTarget(converted);
          break;
        }
        // Inside an unfinished object, trailing whitespace is part of the value (`{"a": `);
        // only after the object is it layout.
        const text = node.partial && braceDepth(node.text) > 0 ? node.text : trimEnd(node.text);
        if (text.startsWith('{')) writeTarget(normalizeQuotes(text));
        break;
      }
      case CHAT_TAGS.toolArgsString: {
        // Arguments encoded as a JSON string: the decoded object text, as far as it is
        // decoded (an unfinished escape waits), with the same whitespace rule as above.
        const decoded = decodeJsonStringPrefix(node.text).trimStart();
        const text = node.partial && braceDepth(decoded) > 0 ? decoded : trimEnd(decoded);
        if (text.startsWith('{')) writeTarget(normalizeQuotes(text));
        // The parser only saw a string that starts like an object; say when it is none.
        if (!node.partial && !isJsonText(normalizeQuotes(text))) {
          warnings.push(`tool arguments at offset ${node.start} are a string that does not decode to JSON`);
        }
        break;
      }
      case CHAT_TAGS.toolArgOpen:
        quotePending = false;
        break;
      case CHAT_TAGS.toolArgName:
      case CHAT_TAGS.toolKwargName: {
        const name = trimEnd(node.text.replace(/^\s/u, ''));
        if (seen.has(name)) warnings.push(`duplicate tool argument "${name}" at offset ${node.start}`);
        seen.add(name);
        const target = readTarget() === '' ? '{' : readTarget();
        verbatim = node.tag === CHAT_TAGS.toolKwargName;
        const spacing = verbatim ? 'python' : 'compact';
        writeTarget(`${target}${argumentKey(name, argCount === 0, spacing)}`);
        argCount++;
        break;
      }
      case CHAT_TAGS.toolArgStringValue: {
        let add = '';
        if (!quotePending) {
          add = '"';
          quotePending = true;
        }
        writeTarget(readTarget() + add + jsonStringBody(verbatim ? node.text : trimMarkerSpace(node.text)));
        break;
      }
      case CHAT_TAGS.toolArgJsonValue:
        if (node.text !== '') writeTarget(readTarget() + normalizeQuotes(trimEnd(node.text)));
        break;
      case CHAT_TAGS.toolArgJsonString: {
        // The container the string encodes, or, when it encodes none, the string itself.
        const decoded = encodedContainer(node.text.trim());
        if (decoded === undefined) warnings.push(`a tool argument at offset ${node.start} is a string that does not decode to a JSON object or array`);
        writeTarget(readTarget() + (decoded ?? node.text.trim()));
        break;
      }
      case CHAT_TAGS.toolCode:
        // The close of the call ends the string and the object.
        writeTarget(openCodeArguments(node.text));
        quotePending = true;
        break;
      case CHAT_TAGS.toolArgClose:
        if (quotePending) {
          writeTarget(`${readTarget()}"`);
          quotePending = false;
        }
        break;
      case CHAT_TAGS.toolClose:
        if (call.function.name === '' && buffer !== '') {
          call.function.arguments = buffer;
          buffer = '';
        }
        if (quotePending) {
          call.function.arguments += '"';
          quotePending = false;
        }
        // A call closed without any argument has an empty object; a streamed call shows no
        // arguments until the first one arrives.
        if (call.function.arguments === '') call.function.arguments = '{}';
        for (let d = braceDepth(call.function.arguments); d > 0; d--) call.function.arguments += '}';
        if (open.pending && call.function.name !== '') calls.push(call);
        open = undefined;
        break;
      default:
        break;
    }
  });

  const message: AssistantMessage = { role: 'assistant', content };
  // An empty `<think></think>` prefill leaves only whitespace: that is no reasoning.
  if (/[^ \n\r\t]/u.test(reasoning)) message.reasoning_content = reasoning;
  if (calls.length > 0) message.tool_calls = calls;
  return { message, warnings };
}
