import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckContext, CheckResult } from './check-registry.js';
import type { ChatCase } from './chat-case-types.js';
import type { ParseMode } from './checks/chat-parser-for.js';
import {
  DeliberateDifferencesError,
  loadDeliberateDifferences,
  validateDeliberateDifferences,
  withDeliberateDifferences,
  type DeliberateDifference,
} from './deliberate-differences.js';
import { deliberateDifferencesFile } from './paths.js';
import { productChecks } from './product-checks.js';
import { cli } from './run-cli.js';
import { realFiles, removeTempDirs, tempDir } from './test-fixtures.js';

afterAll(removeTempDirs);

const ENTRY = { id: 'Qwen3-Coder#7', check: 'parse', rule: 'missing-call-opener', reason: 'models drop <tool_call>' };

describe('validateDeliberateDifferences', () => {
  it('accepts an empty list and well-formed entries', () => {
    expect(validateDeliberateDifferences([], 'd.json')).toEqual([]);
    expect(validateDeliberateDifferences([ENTRY, { ...ENTRY, check: 'stream' }], 'd.json')).toEqual([ENTRY, { ...ENTRY, check: 'stream' }]);
  });

  it.each([
    [{}, /^d\.json: must be a JSON array/],
    [['x'], /^d\.json\[0\]: must be an object/],
    [[{ ...ENTRY, note: 'x' }], /^d\.json\[0\]: unknown key "note"/],
    [[{ id: 'a', check: 'parse', rule: 'r' }], /^d\.json\[0\]: "reason" must be a non-empty string/],
    [[ENTRY, { ...ENTRY, id: '' }], /^d\.json\[1\]: "id" must be a non-empty string/],
    [[{ ...ENTRY, check: 'grammar' }], /"check" must be one of parse, stream, warnings, reconstruction, not "grammar"/],
    [[{ ...ENTRY, rule: 'Missing_Opener' }], /"rule" must be a kebab-case rule name, not "Missing_Opener"/],
    [[ENTRY, ENTRY], /^d\.json\[1\]: "Qwen3-Coder#7" is listed twice for the parse check/],
  ])('rejects %j with a clear message', (value, message) => {
    expect(() => validateDeliberateDifferences(value, 'd.json')).toThrow(DeliberateDifferencesError);
    expect(() => validateDeliberateDifferences(value, 'd.json')).toThrow(message);
  });
});

describe('the committed deliberate-differences.json', () => {
  it('is a valid list', () => {
    expect(Array.isArray(JSON.parse(readFileSync(deliberateDifferencesFile, 'utf8')))).toBe(true);
    expect(() => loadDeliberateDifferences(deliberateDifferencesFile)).not.toThrow();
  });
});

describe('withDeliberateDifferences', () => {
  const record = {} as ChatCase;
  const context = (id: string): CheckContext => ({ file: 'x.jsonl', format: 'chat-cases', line: 1, id, templateDirs: [] });
  /** A check whose verdict per mode is given; records the modes it ran in. */
  function modal(results: Record<ParseMode, CheckResult>): { run: (r: ChatCase, c: CheckContext, mode: ParseMode) => CheckResult; modes: ParseMode[] } {
    const modes: ParseMode[] = [];
    return {
      modes,
      run: (_record, _context, mode) => {
        modes.push(mode);
        return results[mode];
      },
    };
  }
  const listed: DeliberateDifference[] = [{ id: 'c#1', check: 'parse', rule: 'missing-call-opener', reason: 'why' }];
  const fires = (): string[] => ['missing-call-opener'];
  const fail = (reason: string): CheckResult => ({ passed: false, reason });

  it('runs an unlisted case (or another check of a listed one) in the default mode only', () => {
    const check = modal({ lenient: fail('differs'), strict: { passed: true } });
    expect(withDeliberateDifferences('parse', check.run, listed, fires)(record, context('c#2'))).toEqual(fail('differs'));
    expect(withDeliberateDifferences('stream', check.run, listed, fires)(record, context('c#1'))).toEqual(fail('differs'));
    expect(check.modes).toEqual(['lenient', 'lenient']);
  });

  it('judges a listed case in strict mode when the default mode differs through the listed rule', () => {
    const passing = modal({ lenient: fail('differs'), strict: { passed: true } });
    expect(withDeliberateDifferences('parse', passing.run, listed, fires)(record, context('c#1'))).toEqual({ passed: true });
    expect(passing.modes).toEqual(['lenient', 'strict']);
    const failing = modal({ lenient: fail('differs'), strict: fail('content: reference "a", ours "b"') });
    expect(withDeliberateDifferences('parse', failing.run, listed, fires)(record, context('c#1'))).toEqual(
      fail('strict mode (deliberate difference (rule missing-call-opener)): content: reference "a", ours "b"'),
    );
  });

  it('fails a stale entry: the default mode passes', () => {
    const check = modal({ lenient: { passed: true }, strict: { passed: true } });
    const result = withDeliberateDifferences('parse', check.run, listed, fires)(record, context('c#1'));
    expect(result.passed).toBe(false);
    expect(result.reason).toMatch(/^stale deliberate difference \(rule missing-call-opener\): the default mode passes parse; remove the entry/);
  });

  it('fails an entry whose rule does not fire in the default mode', () => {
    const check = modal({ lenient: fail('differs'), strict: { passed: true } });
    const result = withDeliberateDifferences('parse', check.run, listed, () => ['other-rule'])(record, context('c#1'));
    expect(result).toEqual(fail('deliberate difference (rule missing-call-opener): the rule does not fire in the default mode (recovered: other-rule); default mode: differs'));
  });
});

describe('the command line with a deliberate-differences file', () => {
  async function run(file: string): Promise<{ status: number; stderr: string }> {
    let stderr = '';
    const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } };
    const status = await cli(['--data', realFiles['grammar-acceptance']], io, { checks: () => productChecks(loadDeliberateDifferences(file)) });
    return { status, stderr };
  }

  it('reports a malformed file as one error line, status 2', async () => {
    const file = join(tempDir(), 'deliberate-differences.json');
    writeFileSync(file, JSON.stringify([{ ...ENTRY, check: 'prompt' }]));
    const { status, stderr } = await run(file);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^error: .*deliberate-differences\.json\[0\]: "check" must be one of parse, stream, warnings, reconstruction, not "prompt" \(each entry is \{"id", "check", "rule", "reason"\}\)\n$/);
  });

  it('reports a missing or invalid file', async () => {
    expect((await run(join(tempDir(), 'none.json'))).stderr).toMatch(/^error: .*none\.json: cannot read the deliberate differences/);
    const bad = join(tempDir(), 'bad.json');
    writeFileSync(bad, '[{');
    expect((await run(bad)).stderr).toMatch(/^error: .*bad\.json: invalid JSON/);
  });
});
