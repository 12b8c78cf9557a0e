import { describe, expect, it, vi } from 'vitest';
import type { CheckContext } from '../check-registry.js';
import type { ChatCase } from '../chat-case-types.js';
import type { MessageDelta } from './accumulate-deltas.js';
import type { ComparableMessage } from './compare-messages.js';
import { diffMessages } from './diff-messages.js';

// A hand-made stand-in for the product's parser (never the product itself): `<think>…</think>`
// reasoning, then content, then an optional `<call>name {json}` tool call.
interface FakeOptions {
  grammar?: string;
  grammarLazy?: boolean;
  triggers?: { type: 'word' | 'pattern' | 'pattern_full' | 'token'; value: string }[];
  /** Corrupts the streamed deltas after this many pushes. */
  breakStreamAt?: number;
  /** Warnings every complete parse carries. */
  warnings?: { code: string; rule?: string; offset: number; message: string }[];
}
const fake = { options: {} as FakeOptions, modes: [] as string[] };

/** `text` without a trailing piece that may be the start of `tag` (what a partial parse holds back). */
function holdBack(text: string, tag: string): string {
  for (let n = Math.min(tag.length, text.length); n > 0; n--) if (tag.startsWith(text.slice(-n))) return text.slice(0, -n);
  return text;
}

function fakeParse(text: string, partial: boolean): ComparableMessage & { content: string } {
  let rest = partial && '<think>'.startsWith(text) ? '' : text;
  let reasoning = '';
  if (rest.startsWith('<think>')) {
    const end = rest.indexOf('</think>');
    reasoning = end < 0 ? rest.slice(7) : rest.slice(7, end);
    if (partial && end < 0) reasoning = holdBack(reasoning, '</think>');
    rest = end < 0 ? '' : rest.slice(end + 8);
  }
  const call = rest.indexOf('<call>');
  let content = call < 0 ? rest : rest.slice(0, call);
  if (partial && call < 0) content = holdBack(content, '<call>');
  const message: ComparableMessage & { content: string } = { role: 'assistant', content, reasoning_content: reasoning };
  if (call >= 0) {
    const body = rest.slice(call + 6);
    const space = body.indexOf(' ');
    message.tool_calls = [{ function: { name: space < 0 ? '' : body.slice(0, space), arguments: space < 0 ? '' : body.slice(space + 1) } }];
  }
  return message;
}

vi.mock('./chat-parser-for.js', () => ({
  chatParserFor: (_record: unknown, _context: unknown, mode?: string) => {
    fake.modes.push(mode ?? 'lenient');
    return {
    grammar: fake.options.grammar ?? '',
    grammarLazy: fake.options.grammarLazy ?? true,
    grammarTriggers: fake.options.triggers ?? [],
    thinkingStartTag: '<think>',
    thinkingEndTag: '</think>',
    parse: (text: string, options?: { partial?: boolean }) => {
      const message = fakeParse(text, options?.partial ?? false);
      return options?.partial === true || fake.options.warnings === undefined ? message : { ...message, warnings: fake.options.warnings };
    },
    stream: () => {
      let text = '';
      let pushes = 0;
      let previous: ComparableMessage = { role: 'assistant', content: '' };
      return {
        push(chunk: string): MessageDelta[] {
          text += chunk;
          pushes++;
          const current = fakeParse(text, true);
          const diff = diffMessages(previous, current);
          previous = current;
          if (!diff.ok) throw new Error(diff.retracted);
          if (fake.options.breakStreamAt === pushes) return [...diff.deltas, { content: '!' }];
          return diff.deltas;
        },
        finish: () => fakeParse(text, false),
      };
    },
    };
  },
}));

const { checkGrammar, checkParse, checkStream, checkStrict, checkWarnings } = await import('./chat-checks.js');

const context: CheckContext = { file: 'x.jsonl', format: 'chat-cases', line: 1, id: 't#1', templateDirs: [] };
function chatCase(input: string, expect: ChatCase['expect'], prompt = ''): ChatCase {
  return {
    id: 't#1',
    template: 't.jinja',
    params: {
      messages: [],
      tools: null,
      tool_choice: 'auto',
      json_schema: '',
      parallel_tool_calls: false,
      reasoning_format: 'auto',
      enable_thinking: true,
      add_generation_prompt: true,
      continue_final_message: 'none',
      now: '2026-11-21',
    },
    input,
    is_partial: false,
    expect_reconstruction: false,
    expect,
    reference: {
      format: 'peg-native',
      prompt,
      generation_prompt: prompt,
      grammar: '',
      grammar_lazy: false,
      grammar_triggers: [],
      preserved_tokens: [],
      thinking_start_tag: '',
      thinking_end_tag: '',
      additional_stops: [],
    },
  };
}

const withCall = chatCase('<think>hm 😀</think>Sure<call>f {"a": 1}', {
  role: 'assistant',
  content: 'Sure',
  reasoning_content: 'hm 😀',
  tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
});

describe('chat checks (on a hand-made parser)', () => {
  it('parse names the field that differs', () => {
    fake.options = {};
    expect(checkParse(withCall, context)).toEqual({ passed: true });
    const wrong = { ...withCall, expect: { ...withCall.expect, content: 'No' } };
    expect(checkParse(wrong, context)).toEqual({ passed: false, reason: 'content: reference "No", ours "Sure"' });
  });

  it('stream passes a faithful session and reports the offset of a bad delta', () => {
    fake.options = {};
    expect(checkStream(withCall, context)).toEqual({ passed: true });
    fake.options = { breakStreamAt: 20 };
    const result = checkStream(withCall, context);
    expect(result.passed).toBe(false);
    // The 20th code point ends at UTF-16 offset 21 (the emoji is two units).
    expect(result.reason).toMatch(/^offset 21: content: parse .*, streamed .*!/);
  });

  it('grammar constrains from the first trigger outside reasoning and flags a lazy grammar that never fires', () => {
    fake.options = { grammar: 'root ::= "<call>" [^\\x00]*', triggers: [{ type: 'word', value: '<call>' }] };
    expect(checkGrammar(withCall, context)).toEqual({ passed: true });
    const inReasoning = chatCase('<think><call></think>Sure<call>f {}', withCall.expect);
    expect(checkGrammar(inReasoning, context)).toEqual({ passed: true });
    fake.options = { ...fake.options, triggers: [{ type: 'word', value: '<tool>' }] };
    expect(checkGrammar(withCall, context)).toEqual({ passed: false, reason: 'lazy grammar never fires: no trigger matches (word "<tool>")' });
    fake.options = { grammar: 'root ::= "x"', grammarLazy: false };
    expect(checkGrammar(withCall, context).reason).toMatch(/^grammar rejects byte 0 of the constrained text from offset 0, after "": unexpected/);
    fake.options = { grammar: 'root ::= (' };
    expect(checkGrammar(withCall, context).reason).toMatch(/^our grammar does not parse/);
  });

  it('warnings flags a recovered warning on the right message, naming the rule', () => {
    fake.options = { warnings: [{ code: 'recovered', rule: 'missing-call-opener', offset: 4, message: 'read a call without its opener' }] };
    const result = checkWarnings({ ...withCall }, context);
    expect(result).toEqual({ passed: false, reason: 'right message, but a "recovered" warning (rule missing-call-opener, offset 4): read a call without its opener' });
    fake.options = {};
    expect(checkWarnings({ ...withCall }, context)).toEqual({ passed: true });
  });

  it('strict runs the parse and stream checks on the strict parser', () => {
    fake.options = {};
    fake.modes = [];
    expect(checkStrict({ ...withCall }, context)).toEqual({ passed: true });
    expect(new Set(fake.modes)).toEqual(new Set(['strict']));
    fake.options = { breakStreamAt: 20 };
    expect(checkStrict({ ...withCall }, context).reason).toMatch(/^stream: offset 21: /);
    const wrong = { ...withCall, expect: { ...withCall.expect, content: 'No' } };
    expect(checkStrict(wrong, context)).toEqual({ passed: false, reason: 'parse: content: reference "No", ours "Sure"' });
  });
});
