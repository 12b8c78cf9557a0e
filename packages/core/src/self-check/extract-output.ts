import type { ChatMessage, RenderParams } from '@autoparser/jinja';
import { renderPrompt, type PluginOptions } from '../default-plugins.js';

/** What the model would have generated for an answer, or why it cannot be told. */
export type ExtractedOutput =
  | {
      /** The output could be told. */
      readonly ok: true;
      /** The text the model would have generated. */
      readonly output: string;
    }
  | {
      /** The output could not be told. */
      readonly ok: false;
      /** Why not: where the rendered answer leaves the prompt. */
      readonly reason: string;
      /**
       * Set when the template cannot express the answer as a turn of its own (what it renders
       * says so): the scenario is skipped with the reason rather than failed.
       */
      readonly skip?: true;
    };

const SENTINEL = 'AUTOPARSER_END_OF_TURN_PROBE';

// Markers that look like special tokens: <|eot_id|>, <｜end▁of▁sentence｜>, </s>, <eos>, <end_of_turn>.
const TRAILING_SPECIAL = /(?:<\|[^|<>\s]{1,40}\|>|<｜[^｜<>\s]{1,40}｜>|<\/s>|<eos>|<end_of_turn>)[ \t\n\r]*$/u;

const excerpt = (text: string): string => JSON.stringify(text.length > 50 ? `${text.slice(0, 50)}…` : text);

/** The text a template adds after an assistant turn's content: render a probe answer and take what follows it. */
function endOfTurn(source: string, params: RenderParams, plugins: PluginOptions): string {
  try {
    const { prompt } = renderPrompt(source, {
      ...params,
      messages: [...params.messages, { role: 'assistant', content: SENTINEL }],
      add_generation_prompt: false,
    }, plugins);
    const at = prompt.lastIndexOf(SENTINEL);
    return at < 0 ? '' : prompt.slice(at + SENTINEL.length);
  } catch {
    return '';
  }
}

/** What the parser knows that the cut needs. */
export interface OutputMarkers {
  /** The generation prompt (a template may open the next assistant turn after tool calls). */
  readonly generationPrompt: string;
  /** The reasoning start tag ('' without reasoning). */
  readonly thinkingStartTag: string;
  /** The reasoning end tag ('' without reasoning). */
  readonly thinkingEndTag: string;
  /** Markers that belong to the answer's format (never stripped as end-of-turn). */
  readonly preservedTokens: readonly string[];
  /** Extra stop strings. */
  readonly additionalStops: readonly string[];
  /**
   * The header that opens an assistant turn (the analysis' `assistant_start`), when known: a
   * template that writes it even without a generation prompt writes it after the answer too.
   */
  readonly assistantStart?: string | undefined;
}

function commonPrefix(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return at;
}

/**
 * The answer when the template writes a fixed trailer after the whole conversation (an
 * instruction turn, Command R+): `closed` = head + trailer, `opened` = closed + generation
 * prompt, `full` = head + generation prompt + answer + trailer. Returns the answer and the
 * trailer, trying the latest split first.
 */
function beforeTrailer(closed: string, full: string, generation: string): { output: string; trailer: string } | undefined {
  if (generation === '') return undefined;
  for (let at = full.lastIndexOf(generation, commonPrefix(closed, full)); at >= 0; at = at === 0 ? -1 : full.lastIndexOf(generation, at - 1)) {
    const trailer = closed.slice(at);
    if (trailer.trim() !== '' && full.endsWith(trailer) && full.length - trailer.length >= at + generation.length) {
      return { output: full.slice(at + generation.length, full.length - trailer.length), trailer };
    }
  }
  return undefined;
}

/**
 * The answer when the generation prompt leaves reasoning open (`<think>\n`, or a header that
 * opens it followed by a preamble such as Apriel's "Here are my reasoning steps:") while a
 * finished turn is rendered without that opening. The model, given that prompt, writes its
 * reasoning, the end tag, then the turn; a turn without reasoning closes the block at once.
 * `generationAt` is where the generation prompt starts in `opened`.
 */
function forcedThinking(opened: string, full: string, generationAt: number, markers: OutputMarkers, answer: ChatMessage): string | undefined {
  const start = markers.thinkingStartTag.trim();
  const end = markers.thinkingEndTag.trim();
  if (start === '' || end === '') return undefined;
  const tagAt = opened.lastIndexOf(start);
  // The block must be left open by the prompt itself.
  if (tagAt < 0 || opened.includes(end, tagAt)) return undefined;
  const at = commonPrefix(opened, full);
  // Where the answer leaves the prompt, the prompt may only open the block, or go on
  // inside a block its generation prompt opened; anything else is a real mismatch.
  const opensThere = tagAt + start.length > at && opened.slice(at, tagAt).trim() === '';
  if (!opensThere && tagAt < generationAt) return undefined;
  // Inside a block the prompt opened, the turn starts right after the tag: any letters it
  // shares with the preamble are the answer's.
  let rest = opensThere ? full.slice(Math.min(at, tagAt)) : full.slice(tagAt + start.length).replace(/^[ \t\n\r]+/, '');
  const lead = rest.length - rest.trimStart().length;
  if (rest.trimStart().startsWith(start)) rest = rest.slice(lead + start.length).replace(/^[ \t\n\r]+/, '');
  if (rest.trimStart().startsWith(end)) return rest;
  const reasoning = (answer.reasoning_content ?? '').trim();
  return reasoning !== '' && rest.includes(end) ? rest : markers.thinkingEndTag + rest;
}

const squeeze = (text: string): string => text.replace(/[ \t\n\r]+/g, '');

/**
 * The answer when the generation prompt ends with an empty, closed reasoning block (thinking
 * switched off: `<think>\n</think>`) that a finished turn does not show: the model writes
 * the content right after it, so the output is the turn with any reasoning block cut off.
 */
function closedEmptyThinking(opened: string, full: string, markers: OutputMarkers): string | undefined {
  const start = markers.thinkingStartTag.trim();
  const end = markers.thinkingEndTag.trim();
  if (start === '' || end === '') return undefined;
  const tagAt = opened.lastIndexOf(start);
  if (tagAt < 0 || squeeze(opened.slice(tagAt)) !== squeeze(start + end)) return undefined;
  if (!full.startsWith(opened.slice(0, tagAt))) return undefined;
  let rest = full.slice(tagAt).trimStart();
  if (rest.startsWith(start)) rest = rest.slice(start.length).trimStart();
  // A turn that shows a (here empty) block drops it: the prompt already wrote one.
  if (rest.startsWith(end)) rest = rest.slice(end.length);
  return rest.trimStart();
}

/**
 * The answer when the conversation before it renders with different whitespace once a turn
 * follows (Hermes 2 Pro writes a newline after the last tool result only when it is not the
 * last message): the output follows the generation prompt's text where it occurs in `full`,
 * provided all before it equals the prompt's head up to whitespace.
 */
function afterReflowedHead(closed: string, full: string, generation: string): string | undefined {
  if (generation.trim() === '') return undefined;
  const at = full.lastIndexOf(generation);
  if (at < 0 || squeeze(full.slice(0, at)) !== squeeze(closed)) return undefined;
  return full.slice(at + generation.length);
}

/**
 * The answer when `full` holds all of `opened` up to whitespace (templates whose indentation
 * and newlines land differently once an answer follows, as untrimmed vLLM templates do): the
 * output is what follows the prompt's last non-whitespace character, without the layout
 * whitespace before it.
 */
function afterWhitespaceLayout(opened: string, full: string): string | undefined {
  const wanted = squeeze(opened);
  if (wanted === '') return undefined;
  let matched = 0;
  let at = 0;
  for (; at < full.length && matched < wanted.length; at++) {
    const char = full[at] ?? '';
    if (/[ \t\n\r]/.test(char)) continue;
    if (char !== wanted[matched]) return undefined;
    matched++;
  }
  return matched === wanted.length ? full.slice(at).replace(/^[ \t\n\r]+/, '') : undefined;
}

/** Length of the longest common suffix of two texts. */
function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/**
 * The answer when the template moves earlier text once a turn follows (Mistral templates put
 * the system prompt, or the tool list, into the last user turn only): the answer starts where
 * the conversation with the answer and the same conversation with a probe answer part; all
 * before it must end, as the prompt does, with the last message's text and the generation
 * prompt, so only text before the last message moved.
 */
function afterMovedHead(full: string, probeFull: string, opened: string, lastText: string): string | undefined {
  if (lastText.trim() === '') return undefined;
  const cut = commonPrefix(full, probeFull);
  const head = full.slice(0, cut);
  const lastAt = opened.lastIndexOf(lastText);
  if (lastAt < 0 || commonSuffix(head, opened) < opened.length - lastAt) return undefined;
  return full.slice(cut);
}

/**
 * When the conversation with the answer keeps the prompt's head but then writes the answer
 * without the turn opener the generation prompt writes (Apertus puts an answer after a tool
 * result into the calling turn; Falcon 3 writes a turn without content with no header): the
 * template cannot render this answer as the turn the model is asked for. Returns why.
 */
function withoutOpener(closed: string, opened: string, full: string, probeFull: string): string | undefined {
  if (!opened.startsWith(closed) || !full.startsWith(closed)) return undefined;
  const opener = opened.slice(closed.length).trim();
  // The template must write nothing of its own between the conversation and the answer (a
  // probe answer shares no text with it there); a header of another shape is a real mismatch.
  if (opener === '' || full.slice(closed.length, commonPrefix(full, probeFull)).trim() !== '') return undefined;
  return `the template writes this answer without the turn opener ${excerpt(opener)} its generation prompt writes`;
}

/**
 * The answer when the generation prompt leaves reasoning open and the finished turn is
 * rendered right after that same opening but never closes it (the template drops the
 * reasoning and its end tag): the model closed the block before answering.
 */
function closedInside(opened: string, output: string, generationAt: number, markers: OutputMarkers): string {
  const start = markers.thinkingStartTag.trim();
  const end = markers.thinkingEndTag.trim();
  if (start === '' || end === '' || output.includes(end)) return output;
  const tagAt = opened.lastIndexOf(start);
  if (tagAt < generationAt || opened.includes(end, tagAt)) return output;
  return markers.thinkingEndTag + output;
}

/**
 * Cuts out of a rendered conversation the text a model would have generated for its last
 * assistant turn. The rule:
 *
 * 1. `opened` = the conversation rendered with the generation prompt (what the model is
 *    given); `full` = the conversation plus the answer, without a generation prompt.
 * 2. When `full` starts with `opened`, the model's output is the rest (after the thinking
 *    end tag when the prompt leaves reasoning open and the rest never closes it). Otherwise:
 *    - when the template writes a fixed trailer after the whole conversation (`closed` =
 *      head + trailer, `full` = head + generation prompt + answer + trailer), the output is
 *      what lies between the generation prompt and the trailer;
 *    - when the generation prompt leaves reasoning open (its tag, maybe followed by a
 *      preamble) and the finished turn shows no such opening, the output is the rendered
 *      turn, after the thinking end tag when the turn shows no reasoning of its own;
 *    - when the generation prompt ends with an empty, closed reasoning block (thinking off)
 *      that the finished turn does not show, the output is the turn after any such block;
 *    - when the conversation before the answer differs from the prompt's only in whitespace,
 *      the output follows the generation prompt's text; when all of the prompt (generation
 *      prompt included) is there up to whitespace, the output follows its last character.
 *    Otherwise no output can be told (the template renders a finished answer differently
 *    from the turn it opens) and the scenario fails with where the two differ.
 * 3. The model stops at its end-of-turn token, which the parser never sees, so trailing
 *    text the template adds after the answer is removed, repeatedly: the generation prompt
 *    (templates that open the next assistant turn after tool calls; without its reasoning
 *    tag when it forces reasoning open), the assistant header of a template that always
 *    opens the next turn, the suffix the
 *    template writes after a plain answer (found by rendering a probe answer, e.g.
 *    `<|im_end|>\n`, with or without its whitespace), a trailing special-token-like marker
 *    that is not one of the format's preserved tokens (a tool-call turn may end with
 *    `<|eom_id|>`), or one of the parser's extra stop strings.
 */
export function extractOutput(
  source: string,
  params: RenderParams,
  answer: ChatMessage,
  markers: OutputMarkers,
  plugins: PluginOptions = {},
): ExtractedOutput {
  const opened = renderPrompt(source, { ...params, add_generation_prompt: true }, plugins).prompt;
  const closed = renderPrompt(source, { ...params, add_generation_prompt: false }, plugins).prompt;
  const full = renderPrompt(source, { ...params, messages: [...params.messages, answer], add_generation_prompt: false }, plugins).prompt;
  // Where the generation prompt starts in `opened` (a template that always opens the next
  // turn renders no difference: then the parser's own generation prompt tells).
  const generationAt = opened.startsWith(closed) && opened !== closed ? closed.length : opened.length - markers.generationPrompt.length;
  let output: string;
  let trailer = '';
  if (full.startsWith(opened)) output = closedInside(opened, full.slice(opened.length), generationAt, markers);
  else {
    const trailed = opened.startsWith(closed) ? beforeTrailer(closed, full, opened.slice(closed.length)) : undefined;
    const forced = trailed === undefined ? forcedThinking(opened, full, generationAt, markers, answer) : undefined;
    const closedBlock = forced === undefined && trailed === undefined ? closedEmptyThinking(opened, full, markers) : undefined;
    const reflowed = opened.startsWith(closed) ? afterReflowedHead(closed, full, opened.slice(closed.length)) : undefined;
    let layout: string | undefined;
    let moved: string | undefined;
    // The conversation with a probe answer in place of the real one: where the two part is
    // where the template writes the answer's own text.
    let probeFull: string | undefined;
    try {
      probeFull = renderPrompt(source, { ...params, messages: [...params.messages, { role: 'assistant', content: SENTINEL }], add_generation_prompt: false }, plugins).prompt;
    } catch {
      probeFull = undefined;
    }
    const movedHead = (): string | undefined => {
      if (probeFull === undefined) return undefined;
      const last = params.messages[params.messages.length - 1];
      const lastText = typeof last?.content === 'string' ? last.content : '';
      return afterMovedHead(full, probeFull, opened, lastText);
    };
    if (trailed !== undefined) ({ output, trailer } = trailed);
    else if (forced !== undefined) output = forced;
    else if (closedBlock !== undefined) output = closedBlock;
    else if (reflowed !== undefined) output = reflowed;
    else if ((layout = afterWhitespaceLayout(opened, full)) !== undefined) output = layout;
    else if ((moved = movedHead()) !== undefined) output = moved;
    else {
      const unopened = probeFull === undefined ? undefined : withoutOpener(closed, opened, full, probeFull);
      if (unopened !== undefined) return { ok: false, reason: unopened, skip: true };
      const at = commonPrefix(opened, full);
      return {
        ok: false,
        reason: `the rendered answer does not follow the prompt: at ${at} the prompt has ${excerpt(opened.slice(at))}, the answer ${excerpt(full.slice(at))}`,
      };
    }
  }
  const probed = endOfTurn(source, params, plugins);
  // The trailer is already cut off; what ends the turn is what comes before it.
  const suffix = trailer !== '' && probed.endsWith(trailer) ? probed.slice(0, -trailer.length) : probed;
  const marker = suffix.trim();
  const preserved = new Set(markers.preservedTokens.map((t) => t.trim()));
  // The parser's generation prompt may be shorter than what the template appends (a
  // plugin may cut it); the rendered difference is what opens a turn.
  const rendered = opened.startsWith(closed) ? opened.slice(closed.length).trim() : '';
  const opener = rendered !== '' ? rendered : markers.generationPrompt.trim();
  // A generation prompt that forces reasoning open (`<｜Assistant｜><think>`) opens the next
  // turn without the tag after tool calls.
  const thinkingTag = markers.thinkingStartTag.trim();
  const openerHead = thinkingTag !== '' && opener.endsWith(thinkingTag) ? opener.slice(0, -thinkingTag.length).trim() : '';
  // A template that opens an assistant turn even without a generation prompt opens one
  // after the answer too.
  const header = markers.assistantStart?.trim() ?? '';
  const alwaysOpens = header !== '' && closed.trimEnd().endsWith(header);
  for (let round = 0; round < 8; round++) {
    const trimmed = output.trimEnd();
    let next = output;
    // The whole suffix first: it may end with part of the opener (RWKV's `Assistant: <think>`).
    if (suffix !== '' && output.endsWith(suffix)) next = output.slice(0, -suffix.length);
    else if (opener !== '' && trimmed.endsWith(opener)) next = trimmed.slice(0, -opener.length);
    else if (openerHead !== '' && trimmed.endsWith(openerHead)) next = trimmed.slice(0, -openerHead.length);
    else if (alwaysOpens && trimmed.endsWith(header)) next = trimmed.slice(0, -header.length);
    else if (marker !== '' && trimmed.endsWith(marker)) next = trimmed.slice(0, -marker.length);
    else {
      const special = TRAILING_SPECIAL.exec(output);
      const stop = markers.additionalStops.find((s) => s.trim() !== '' && trimmed.endsWith(s.trim()));
      // A marker that is (part of) a format token belongs to the answer.
      const token = special?.[0].trim() ?? '';
      if (special !== null && ![...preserved].some((t) => t.includes(token))) next = output.slice(0, special.index);
      else if (stop !== undefined) next = trimmed.slice(0, -stop.trim().length);
    }
    if (next === output) break;
    output = next;
  }
  return { ok: true, output };
}
