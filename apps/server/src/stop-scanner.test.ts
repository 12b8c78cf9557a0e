import { describe, expect, it } from 'vitest';
import { SlotQueue } from './slot-queue.js';
import { StopScanner } from './stop-scanner.js';

describe('StopScanner', () => {
  it('holds back what may start a stop string and drops the stop and all after it', () => {
    const scanner = new StopScanner(['</end>']);
    expect(scanner.push('abc</')).toEqual({ text: 'abc', stopped: false });
    expect(scanner.push('en')).toEqual({ text: '', stopped: false });
    expect(scanner.push('d>tail')).toEqual({ text: '', stopped: true });
    expect(scanner.push('more')).toEqual({ text: '', stopped: true });
  });

  it('releases held text that turned out not to be a stop', () => {
    const scanner = new StopScanner(['STOP']);
    expect(scanner.push('a ST')).toEqual({ text: 'a ', stopped: false });
    expect(scanner.push('ar')).toEqual({ text: 'STar', stopped: false });
    expect(scanner.push(' S')).toEqual({ text: ' ', stopped: false });
    expect(scanner.flush()).toBe('S');
  });

  it('stops at the earliest of several stop strings', () => {
    const scanner = new StopScanner(['yy', 'x']);
    expect(scanner.push('abyyx')).toEqual({ text: 'ab', stopped: true });
  });
});

describe('SlotQueue', () => {
  it('hands slots out first come, first served, and skips a waiter that left', async () => {
    const queue = new SlotQueue(1);
    const first = await queue.acquire(new AbortController().signal);
    const leaving = new AbortController();
    const left = queue.acquire(leaving.signal);
    const second = queue.acquire(new AbortController().signal);
    expect(queue.queued).toBe(2);
    leaving.abort();
    await expect(left).rejects.toThrow('aborted while queued');
    expect(queue.queued).toBe(1);
    queue.release(first);
    expect(await second).toBe(first);
    expect(queue.idle).toBe(0);
    queue.release(first);
    expect(queue.idle).toBe(1);
  });
});
