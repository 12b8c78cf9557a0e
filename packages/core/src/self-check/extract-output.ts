import type { ChatMessage, RenderParams } from '@autoparser/template-analyzer';
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
}

function commonPrefix(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return at;
}

/**
 * Where the answer starts in `full` when it does not simply follow the opened prompt: a
 * generation prompt that ends by opening reasoning (`<think>\n`) while a finished turn shows
 * no such block. The model, given that prompt, closes the block before it answers, so its
 * output is taken as the end tag plus the rendered turn (an empty reasoning block).
 */
function forcedThinking(closed: string, full: string, markers: OutputMarkers): string | undefined {
  const start = markers.thinkingStartTag.trim();
  const end = markers.thinkingEndTag;
  const opener = markers.generationPrompt.trimEnd();
  if (start === '' || end === '' || !opener.endsWith(start)) return undefined;
  const base = closed + opener.slice(0, -start.length);
  if (!full.startsWith(base)) return undefined;
  let rest = full.slice(base.length);
  if (rest.startsWith(start)) rest = rest.slice(start.length).replace(/^[ \t\n\r]+/, '');
  return rest.trimStart().startsWith(end.trim()) ? rest : end + rest;
}

/**
 * Cuts out of a rendered conversation the text a model would have generated for its last
 * assistant turn. The rule:
 *
 * 1. `opened` = the conversation rendered with the generation prompt (what the model is
 *    given); `full` = the conversation plus the answer, without a generation prompt.
 * 2. When `full` starts with `opened`, the model's output is the rest. Otherwise, when the
 *    generation prompt ends by opening reasoning and the finished turn shows no reasoning
 *    block, the output is the thinking end tag plus the turn.
 *    Otherwise no output can be told (the template renders a finished answer differently
 *    from the turn it opens) and the scenario fails with where the two differ.
 * 3. The model stops at its end-of-turn token, which the parser never sees, so trailing
 *    text the template adds after the answer is removed, repeatedly: the generation prompt
 *    (templates that open the next assistant turn after tool calls; without its reasoning
 *    tag when it forces reasoning open), the suffix the
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
  let output: string;
  if (full.startsWith(opened)) output = full.slice(opened.length);
  else {
    const forced = full.startsWith(closed) ? forcedThinking(closed, full, markers) : undefined;
    if (forced === undefined) {
      const at = commonPrefix(opened, full);
      return {
        ok: false,
        reason: `the rendered answer does not follow the prompt: at ${at} the prompt has ${excerpt(opened.slice(at))}, the answer ${excerpt(full.slice(at))}`,
      };
    }
    output = forced;
  }
  const suffix = endOfTurn(source, params, plugins);
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
  for (let round = 0; round < 8; round++) {
    const trimmed = output.trimEnd();
    let next = output;
    if (opener !== '' && trimmed.endsWith(opener)) next = trimmed.slice(0, -opener.length);
    else if (openerHead !== '' && trimmed.endsWith(openerHead)) next = trimmed.slice(0, -openerHead.length);
    else if (suffix !== '' && output.endsWith(suffix)) next = output.slice(0, -suffix.length);
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
