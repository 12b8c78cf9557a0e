import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { CheckContext, CheckResult } from './check-registry.js';
import type { ChatCase } from './chat-case-types.js';
import type { ParseMode } from './checks/chat-parser-for.js';
import { repoRoot } from './paths.js';

/** The chat-case checks whose verdict depends on the parse mode, and so may be listed. */
export const DELIBERATE_CHECKS = ['parse', 'stream', 'warnings', 'reconstruction'] as const;

/** A check a deliberate difference may name. */
export type DeliberateCheck = (typeof DELIBERATE_CHECKS)[number];

/**
 * A chat case where the default (lenient) parser deliberately differs from the reference:
 * a recovery reads output that the reference leaves as it is. The runner evaluates `check`
 * of case `id` in strict mode instead.
 */
export interface DeliberateDifference {
  /** The chat case's `id`. */
  readonly id: string;
  /** The check that differs. */
  readonly check: DeliberateCheck;
  /** The recovery rule that makes the difference (its `recovered` warning's `rule`). */
  readonly rule: string;
  /** Why the difference is wanted. */
  readonly reason: string;
}

/** A deliberate-differences file that cannot be used; the message names the file and the entry. */
export class DeliberateDifferencesError extends Error {
  override name = 'DeliberateDifferencesError';
}

const RULE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KEYS = ['id', 'check', 'rule', 'reason'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks the shape of a parsed deliberate-differences file: an array of `{id, check, rule,
 * reason}` (no other keys), `check` one of {@link DELIBERATE_CHECKS}, `rule` kebab-case, no
 * `(id, check)` twice.
 *
 * @param file - named in error messages.
 * @throws {@link DeliberateDifferencesError} naming the first problem.
 */
export function validateDeliberateDifferences(value: unknown, file: string): DeliberateDifference[] {
  const fail = (where: string, what: string): never => {
    throw new DeliberateDifferencesError(`${file}${where}: ${what} (each entry is {"id", "check", "rule", "reason"})`);
  };
  if (!Array.isArray(value)) return fail('', 'must be a JSON array');
  const seen = new Set<string>();
  return value.map((entry, i): DeliberateDifference => {
    const at = `[${i}]`;
    if (!isObject(entry)) return fail(at, 'must be an object');
    const extra = Object.keys(entry).find((key) => !(KEYS as readonly string[]).includes(key));
    if (extra !== undefined) fail(at, `unknown key "${extra}"`);
    for (const key of KEYS) {
      const field = entry[key];
      if (typeof field !== 'string' || field.trim() === '') fail(at, `"${key}" must be a non-empty string`);
    }
    const { id, check, rule, reason } = entry as Record<(typeof KEYS)[number], string>;
    if (!(DELIBERATE_CHECKS as readonly string[]).includes(check)) fail(at, `"check" must be one of ${DELIBERATE_CHECKS.join(', ')}, not "${check}"`);
    if (!RULE.test(rule)) fail(at, `"rule" must be a kebab-case rule name, not "${rule}"`);
    const key = `${id}\u0000${check}`;
    if (seen.has(key)) fail(at, `"${id}" is listed twice for the ${check} check`);
    seen.add(key);
    return { id, check: check as DeliberateCheck, rule, reason };
  });
}

/** Reads and validates a deliberate-differences file ({@link validateDeliberateDifferences}). */
export function loadDeliberateDifferences(file: string): DeliberateDifference[] {
  const name = relative(repoRoot, file).startsWith('..') ? file : relative(repoRoot, file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new DeliberateDifferencesError(`${name}: cannot read the deliberate differences (it may be an empty array, [])`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DeliberateDifferencesError(`${name}: invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return validateDeliberateDifferences(value, name);
}

/** A chat-case check that can run in either parse mode. */
export type ModalCheck = (record: ChatCase, context: CheckContext, mode: ParseMode) => CheckResult;

/**
 * `run` (lenient by default), except for the cases `differences` list for `check`: there the
 * default mode must still fail (else the entry is stale and fails the record), the listed
 * rule must fire in it (`rulesFired`: the rules of the lenient parse's `recovered` warnings),
 * and `run` in strict mode decides the verdict.
 */
export function withDeliberateDifferences(
  check: DeliberateCheck,
  run: ModalCheck,
  differences: readonly DeliberateDifference[],
  rulesFired: (record: ChatCase, context: CheckContext) => readonly string[],
): (record: ChatCase, context: CheckContext) => CheckResult {
  const listed = new Map(differences.filter((d) => d.check === check).map((d) => [d.id, d]));
  return (record, context) => {
    const entry = listed.get(context.id);
    const lenient = run(record, context, 'lenient');
    if (entry === undefined) return lenient;
    const label = `deliberate difference (rule ${entry.rule})`;
    if (lenient.passed) {
      return { passed: false, reason: `stale ${label}: the default mode passes ${check}; remove the entry from deliberate-differences.json` };
    }
    const fired = rulesFired(record, context);
    if (!fired.includes(entry.rule)) {
      return { passed: false, reason: `${label}: the rule does not fire in the default mode (recovered: ${fired.length === 0 ? 'none' : fired.join(', ')}); default mode: ${lenient.reason ?? ''}` };
    }
    const strict = run(record, context, 'strict');
    return strict.passed ? { passed: true } : { passed: false, reason: `strict mode (${label}): ${strict.reason ?? ''}` };
  };
}
