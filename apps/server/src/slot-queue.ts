/** A slot is busy until released; waiting requests get slots first come, first served. */
export class SlotQueue {
  private readonly free: number[];
  private readonly waiting: { readonly take: (slot: number) => void; readonly signal: AbortSignal; readonly cancel: () => void }[] = [];

  /** @param slots - how many slots there are. */
  constructor(slots: number) {
    this.free = Array.from({ length: slots }, (_, index) => index);
  }

  /** Requests waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Slots free now. */
  get idle(): number {
    return this.free.length;
  }

  /** A free slot, once there is one; rejects when `signal` fires first (the client left). */
  acquire(signal: AbortSignal): Promise<number> {
    const slot = this.free.shift();
    if (slot !== undefined) return Promise.resolve(slot);
    if (signal.aborted) return Promise.reject(new Error('aborted while queued'));
    return new Promise((resolve, reject) => {
      const entry = {
        signal,
        take: (taken: number) => {
          signal.removeEventListener('abort', entry.cancel);
          resolve(taken);
        },
        cancel: () => {
          const at = this.waiting.indexOf(entry);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(new Error('aborted while queued'));
        },
      };
      signal.addEventListener('abort', entry.cancel, { once: true });
      this.waiting.push(entry);
    });
  }

  /** Gives `slot` back: to the first waiting request, else to the free list. */
  release(slot: number): void {
    const next = this.waiting.shift();
    if (next !== undefined) next.take(slot);
    else this.free.push(slot);
  }
}
