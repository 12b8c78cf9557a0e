// A completion context over a stand-in engine that never generates: for tests of what a
// request prepares (prompt, grammar, sampling), with a template from ../shared/templates.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChatEngine } from '../engine.js';
import { NO_REASONING, type CompletionContext } from '../generation.js';
import { SlotQueue } from '../slot-queue.js';

/** An engine that counts a character as a token and is never asked to generate. */
const STAND_IN_ENGINE: ChatEngine = {
  modelId: 'stand-in',
  contextSize: 1 << 20,
  slots: 1,
  embeddedTemplate: undefined,
  countTokens: (text) => text.length,
  generate: () => Promise.reject(new Error('not used')),
  close: () => Promise.resolve(),
};

/** The context of the shared template `file` over {@link STAND_IN_ENGINE}, with `overrides`. */
export function standInContext(file: string, overrides: Partial<CompletionContext> = {}): CompletionContext {
  return {
    engine: STAND_IN_ENGINE,
    queue: new SlotQueue(1),
    template: readFileSync(fileURLToPath(new URL(`../../../../../shared/templates/${file}`, import.meta.url)), 'utf8'),
    plugins: undefined,
    defaultMaxTokens: 100,
    reasoningBudget: undefined,
    reasoningBudgetMessage: '',
    reasoning: NO_REASONING,
    hideToolsOnNone: false,
    ...overrides,
  };
}
