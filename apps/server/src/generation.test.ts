// prepareCompletion over a stand-in engine: what reaches the generation job.
import { describe, expect, it } from 'vitest';
import { standInContext } from './test-support/stand-in-context.js';
import { prepareCompletion, type CompletionContext } from './generation.js';


const contextOf = (file: string, overrides: Partial<CompletionContext> = {}): CompletionContext => standInContext(file, overrides);

const USER = [{ role: 'user', content: 'Hi' }];
const TOOL = { type: 'function', function: { name: 'zebra_lookup', parameters: { type: 'object', properties: {} } } };

describe('prepareCompletion', () => {
  it('takes the server default budget unless the request sets its own', () => {
    const context = contextOf('Qwen-Qwen3-0.6B.jinja', { reasoningBudget: 7, reasoningBudgetMessage: 'Enough.', reasoning: { end: '\n</think>\n\n', effortLevels: [], toggles: true } });
    const byDefault = prepareCompletion({ messages: USER }, context).job.reasoningBudget;
    expect(byDefault).toEqual({ tokens: 7, start: '<think>', end: '</think>', openAtStart: false, closing: 'Enough.\n</think>\n\n' });
    expect(prepareCompletion({ messages: USER, reasoning_budget_tokens: 2 }, context).job.reasoningBudget?.tokens).toBe(2);
    expect(prepareCompletion({ messages: USER }, contextOf('Qwen-Qwen3-0.6B.jinja')).job.reasoningBudget).toBeUndefined();
  });

  it('knows when the prompt opens reasoning', () => {
    const budget = prepareCompletion({ messages: USER, reasoning_budget_tokens: 5 }, contextOf('deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja')).job.reasoningBudget;
    expect(budget).toMatchObject({ openAtStart: true, closing: '</think>' });
  });

  it('has no budget for a template without reasoning markers', () => {
    expect(prepareCompletion({ messages: USER, reasoning_budget_tokens: 5 }, contextOf('Qwen3-Coder.jinja')).job.reasoningBudget).toBeUndefined();
  });

  it('refuses a budget that is not a whole number', () => {
    expect(() => prepareCompletion({ messages: USER, reasoning_budget_tokens: 1.5 }, contextOf('Qwen3-Coder.jinja'))).toThrow(/reasoning_budget_tokens/);
  });

  it('tool_choice none leaves the tools in the prompt, or out of it when the server says so', () => {
    const body = { messages: USER, tools: [TOOL], tool_choice: 'none' };
    const shown = prepareCompletion(body, contextOf('Qwen3-Coder.jinja'));
    expect(shown.job.prompt).toContain('zebra_lookup');
    expect(shown.job.grammar).toBeUndefined();
    const hidden = prepareCompletion(body, contextOf('Qwen3-Coder.jinja', { hideToolsOnNone: true }));
    expect(hidden.job.prompt).not.toContain('zebra_lookup');
  });

  it('reasoning_effort none turns thinking off where the template toggles it and takes no such level', () => {
    const toggles = contextOf('Qwen-Qwen3-0.6B.jinja', { reasoning: { end: '', effortLevels: [], toggles: true } });
    expect(prepareCompletion({ messages: USER, reasoning_effort: 'none' }, toggles).job.prompt).toMatch(/<think>\s*<\/think>\s*$/);
    expect(prepareCompletion({ messages: USER, reasoning_effort: 'high' }, toggles).job.prompt).not.toMatch(/<\/think>\s*$/);
    // The body's own enable_thinking wins.
    expect(prepareCompletion({ messages: USER, reasoning_effort: 'none', enable_thinking: true }, toggles).job.prompt).not.toMatch(/<\/think>\s*$/);
  });

  it('passes reasoning_effort to the template', () => {
    const low = prepareCompletion({ messages: USER, reasoning_effort: 'low' }, contextOf('openai-gpt-oss-120b.jinja')).job.prompt;
    const high = prepareCompletion({ messages: USER, reasoning_effort: 'high' }, contextOf('openai-gpt-oss-120b.jinja')).job.prompt;
    expect(low).toContain('Reasoning: low');
    expect(high).toContain('Reasoning: high');
  });
});
