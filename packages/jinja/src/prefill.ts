/**
 * `continue_final_message`: the last message is an assistant turn the model carries on.
 *
 * As the reference does, the prompt is the conversation before that turn with its
 * generation prompt, followed by the turn's reasoning and content. The turn's exact text
 * comes from the template itself: it is rendered with invisible markers appended to its
 * content and reasoning and cut at the marker of the text being continued, which drops
 * end-of-turn tokens and keeps trailing whitespace a template would trim. When the
 * template does not render the turn's reasoning, the reasoning is written between the
 * model's reasoning tags instead.
 *
 * @internal
 */
import { TemplateRenderError } from './errors.js';
import type { ChatContentPart, ChatMessage, ContinueFinalMessage, ReasoningTags, RenderedPrompt } from './render-params.js';
import { sharedPrefixLength } from './shared-prefix.js';

// Private-use code points: stable under case changes, trimming and JSON, absent from text.
const CONTENT_MARK = '\u{F0000}\u{F0001}';
const REASONING_MARK = '\u{F0000}\u{F0002}';

/** What is continued: nothing, the content or the reasoning of the last message. */
export type PrefillTarget = 'none' | 'content' | 'reasoning';

/** Renders the conversation `messages`, with or without the generation prompt. */
export type ChatRenderer = (messages: readonly ChatMessage[], addGenerationPrompt: boolean) => string;

/** Resolves `auto` against the last message. */
export function prefillTarget(messages: readonly ChatMessage[], mode: ContinueFinalMessage | undefined): PrefillTarget {
  if (mode === undefined || mode === 'none') return 'none';
  const last = messages.at(-1);
  if (mode === 'auto' && last?.role !== 'assistant') return 'none';
  if (last?.role !== 'assistant') {
    throw new TemplateRenderError('invalid-params', 'continue_final_message needs a final assistant message');
  }
  if (mode !== 'auto') return mode;
  if (typeof last.content === 'string' ? last.content !== '' : Array.isArray(last.content)) return 'content';
  return last.reasoning_content ? 'reasoning' : 'none';
}

function markContent(content: ChatMessage['content']): ChatMessage['content'] {
  if (!Array.isArray(content)) return `${typeof content === 'string' ? content : ''}${CONTENT_MARK}`;
  const parts: readonly ChatContentPart[] = content;
  const lastText = parts.findLastIndex((p) => p.type === 'text');
  if (lastText < 0) return [...parts, { type: 'text', text: CONTENT_MARK }];
  return parts.map((p, i) => (i === lastText ? { ...p, text: `${p.text ?? ''}${CONTENT_MARK}` } : p));
}

function contentText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as readonly ChatContentPart[]).filter((p) => p.type === 'text').map((p) => p.text ?? '').join('');
}

/** The generation prompt, made to end inside an open reasoning block. */
function openReasoning(generation: string, tags: ReasoningTags): string {
  const start = tags.start.trimEnd();
  const empty = new RegExp(`${escapeRegExp(start)}\\s*${escapeRegExp(tags.end.trim())}\\s*$`);
  const trimmed = generation.trimEnd();
  if (empty.test(trimmed)) return trimmed.replace(empty, '') + tags.start;
  if (trimmed.endsWith(start)) return trimmed.slice(0, trimmed.length - start.length) + tags.start;
  return generation + tags.start;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Renders the conversation with its last message continued at `target`. */
export function renderPrefilled(
  messages: readonly ChatMessage[],
  target: Exclude<PrefillTarget, 'none'>,
  tags: ReasoningTags | undefined,
  render: ChatRenderer,
): RenderedPrompt {
  const last = messages.at(-1);
  if (last === undefined) throw new TemplateRenderError('invalid-params', 'no message to continue');
  const history = messages.slice(0, -1);
  const before = renderOrEmpty(render, history, false);
  const opened = renderOrEmpty(render, history, true);
  const generation = tail(before, opened);
  const finish = (prompt: string): RenderedPrompt => ({ prompt, generationPrompt: tail(before, prompt) });

  const reasoning = last.reasoning_content ?? '';
  const marked: ChatMessage = {
    ...last,
    content: target === 'content' ? markContent(last.content) : last.content,
    reasoning_content: reasoning === '' && target === 'content' ? last.reasoning_content : `${reasoning}${REASONING_MARK}`,
  };
  const rendered = render([...history, marked], false);
  const turnAt = sharedPrefixLength(before, rendered);

  if (reasoning !== '' && !rendered.includes(REASONING_MARK, turnAt) && tags !== undefined) {
    // The template drops this reasoning: write it out after the generation prompt.
    const open = openReasoning(opened, tags);
    return finish(target === 'reasoning' ? open + reasoning : open + reasoning + tags.end + contentText(last.content));
  }
  const cutAt = rendered.indexOf(target === 'content' ? CONTENT_MARK : REASONING_MARK, turnAt);
  if (cutAt < 0) {
    throw new TemplateRenderError('prefill', `cannot continue the final message: the template does not render its ${target}`);
  }
  // The turn as the template writes it replaces the generation prompt; text the template
  // puts after the conversation (closing instructions) stays before the turn.
  const [start, shared] = turnOpening(rendered, turnAt, cutAt, generation);
  const text = rendered.slice(start, cutAt).split(REASONING_MARK).join('');
  return finish(opened.slice(0, opened.length - generation.length + shared) + text.slice(shared));
}

/**
 * Where the continued turn starts in `rendered`, and how much of the generation prompt it
 * opens with. The first difference from the render without the turn (`turnAt`) may fall
 * inside the turn's opener when the template writes the same token after the conversation
 * (e.g. a closing system turn); the opener is then found by the generation prompt's text.
 */
function turnOpening(rendered: string, turnAt: number, cutAt: number, generation: string): [number, number] {
  const sharedAt = (at: number): number => {
    let n = 0;
    while (n < generation.length && at + n < cutAt && generation[n] === rendered[at + n]) n++;
    return n;
  };
  let best: [number, number] = [turnAt, sharedAt(turnAt)];
  for (let at = Math.max(0, turnAt - generation.length); at < turnAt; at++) {
    const n = sharedAt(at);
    if (at + n >= turnAt && n > best[1]) best = [at, n];
  }
  return best;
}

function renderOrEmpty(render: ChatRenderer, messages: readonly ChatMessage[], addGenerationPrompt: boolean): string {
  try {
    return render(messages, addGenerationPrompt);
  } catch (error) {
    // A template may refuse a conversation without the continued turn; then all of it is new.
    if (!TemplateRenderError.isInstance(error) || error.code === 'limit') throw error;
    return '';
  }
}

/** What `full` adds after the text it shares with `base` (never splitting a marker). */
export function tail(base: string, full: string): string {
  return full.slice(sharedPrefixLength(base, full));
}
