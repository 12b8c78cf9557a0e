import { describe, expect, it } from 'vitest';
import { UsageError, parseArgs } from './parse-args.js';

describe('parseArgs', () => {
  it('defaults to nothing', () => {
    expect(parseArgs([])).toEqual({ dataFiles: [], templateDirs: [], json: false, help: false });
  });

  it('reads the progress switches, the last one winning', () => {
    expect(parseArgs(['--progress']).progress).toBe(true);
    expect(parseArgs(['--no-progress']).progress).toBe(false);
    expect(parseArgs(['--progress', '--no-progress']).progress).toBe(false);
    expect(() => parseArgs(['--progress=yes'])).toThrow(UsageError);
  });

  it('collects repeatable flags and values in both spellings', () => {
    expect(parseArgs(['--data', 'a.jsonl', '--data=b.jsonl', '--templates', 't', '--json', '--ratchet=base.json'])).toEqual({
      dataFiles: ['a.jsonl', 'b.jsonl'],
      templateDirs: ['t'],
      json: true,
      help: false,
      ratchet: 'base.json',
    });
    expect(parseArgs(['--write-baseline', 'out.json', '--help'])).toMatchObject({ writeBaseline: 'out.json', help: true });
  });

  it.each([
    [['--frobnicate'], 'unknown option --frobnicate'],
    [['-x'], 'unknown option -x'],
    [['stray'], 'unexpected argument stray'],
    [['--data'], '--data needs a value'],
    [['--data', '--json'], '--data needs a value'],
    [['--data='], '--data needs a value'],
    [['--json=yes'], '--json takes no value'],
    [['--ratchet', 'a', '--ratchet', 'b'], '--ratchet given twice'],
    [['--ratchet', 'a', '--write-baseline', 'b'], '--ratchet and --write-baseline cannot be combined'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(new UsageError(message));
  });
});
