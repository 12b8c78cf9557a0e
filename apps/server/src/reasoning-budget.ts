import { badRequest } from './openai-error.js';

/**
 * A chat-completions body's `reasoning_budget_tokens` (a whole number ≥ 0; 0 closes reasoning
 * at once), or undefined when it sets none.
 */
export function readReasoningBudget(body: Readonly<Record<string, unknown>>): number | undefined {
  const value = body['reasoning_budget_tokens'];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw badRequest(`reasoning_budget_tokens: must be a whole number of tokens (0 or more), not ${JSON.stringify(value)}`, 'reasoning_budget_tokens', 'invalid-value');
  }
  return value;
}
