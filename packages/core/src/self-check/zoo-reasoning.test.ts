import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChatParser } from '../create-chat-parser.js';
import { checkTemplate } from './check-template.js';

const zoo = (path: string): string => readFileSync(new URL(`../../../../tools/zoo/templates/${path}`, import.meta.url), 'utf8');

/** `P`assed, `S`kipped or `F`ailed, per scenario in order (content, reasoning + content, tool call, parallel tool calls). */
const verdicts = (path: string): string =>
  checkTemplate(zoo(path))
    .scenarios.map((s) => (s.passed ? 'P' : s.skipped === true ? 'S' : 'F'))
    .join('');

// Zoo templates whose reasoning, role or end-of-turn markers the general analysis reads.
describe('self-check of zoo templates with unusual reasoning and turn markers', () => {
  it.each([
    // An empty block added by thinking off, whitespace after its end tag.
    ['exaone/exaone4-chat_template.jinja', 'PSPP'],
    ['exaone/axolotl-exaone4.jinja', 'PSPP'],
    // Reasoning written as an assistant turn of its own (`assistant/think`).
    ['hyperclovax/vllm-tool_chat_template_hyperclovax_seed_think_14b.jinja', 'PPPP'],
    // A finished last turn rendered inside the `<think>` the prompt opens, never closed.
    ['nemotron/NVIDIA-Nemotron-Nano-v2.jinja', 'PSPP'],
    // …and whose calls the template drops from a finished last turn.
    ['nemotron/vllm-tool_chat_template_nemotron_json.jinja', 'PSSS'],
    // Content only as parts; the end of a turn is not chatml-like.
    ['idefics/trl-idefics2.jinja', 'PSSS'],
    ['idefics/trl-idefics3.jinja', 'PSSS'],
    ['llava/trl-llava_next.jinja', 'PSSS'],
    // Reads `conversations`, never `messages`: nothing of an answer renders.
    ['kimi/vllm-template_kimi_audio.jinja', 'SSSS'],
    // The generation prompt opens `<think>`, a finished turn never shows it.
    ['olmo/open-instruct-olmo-thinker.jinja', 'PSSS'],
    ['olmo/trl-olmo3.jinja', 'PSSS'],
    // Thinking off adds a whole empty block to the prompt (both markers at once).
    ['hunyuan/vllm-tool_chat_template_hunyuan_a13b.jinja', 'PSPP'],
  ])('%s', (path, expected) => {
    expect(verdicts(path)).toBe(expected);
  });

  it('reads an answer after a bare reasoning end marker as content (MiniMax M3)', () => {
    const source = zoo('minimax/MiniMax-M3.jinja');
    expect(verdicts('minimax/MiniMax-M3.jinja').slice(0, 2)).toBe('PP');
    const parser = createChatParser(source, { messages: [{ role: 'user', content: 'Hi' }] });
    expect([parser.thinkingStartTag, parser.thinkingEndTag]).toEqual(['<mm:think>', '</mm:think>']);
    expect(parser.parse('</mm:think>Hello!')).toMatchObject({ content: 'Hello!' });
    expect(parser.parse('</mm:think>Hello!').reasoning_content ?? '').toBe('');
    expect(parser.parse('<mm:think>Why</mm:think>Hello!')).toMatchObject({ reasoning_content: 'Why', content: 'Hello!' });
  });
});
