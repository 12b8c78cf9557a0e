import type { GrammarScanner } from './grammar-scanner.js';
import { REPETITION_THRESHOLD } from './sequence-frame.js';

/** Bounds of a repetition; `max` undefined means unbounded. */
export interface RepetitionBounds {
  /** Minimum count. */
  readonly min: number;
  /** Maximum count, or undefined for no maximum. */
  readonly max: number | undefined;
}

// llama.cpp reads counts with stoull; anything that does not fit 64 bits is an error there.
const UINT64_MAX = 0xffff_ffff_ffff_ffffn;
const THRESHOLD = BigInt(REPETITION_THRESHOLD);

function readCount(scanner: GrammarScanner, newlineOk: boolean): bigint {
  const start = scanner.pos;
  const value = scanner.readInt();
  if (value > UINT64_MAX) throw scanner.fail('repetition-limit', 'repetition count out of range', start);
  scanner.skipSpace(newlineOk);
  return value;
}

function readBraces(scanner: GrammarScanner, newlineOk: boolean): RepetitionBounds {
  const start = scanner.pos;
  scanner.pos++;
  scanner.skipSpace(newlineOk);
  if (!scanner.atDigit()) throw scanner.fail('syntax', `expecting an integer after '{', found ${scanner.describeHere()}`);
  const min = readCount(scanner, newlineOk);
  let max: bigint | undefined = min;
  if (scanner.peek() === ',') {
    scanner.pos++;
    scanner.skipSpace(newlineOk);
    max = scanner.atDigit() ? readCount(scanner, newlineOk) : undefined;
    if (scanner.peek() !== '}') throw scanner.fail('syntax', `expecting '}', found ${scanner.describeHere()}`);
  } else if (scanner.peek() !== '}') {
    throw scanner.fail('syntax', `expecting ',' or '}', found ${scanner.describeHere()}`);
  }
  scanner.pos++;
  scanner.skipSpace(newlineOk);

  if (min > THRESHOLD) {
    throw scanner.fail('repetition-limit', `repetition minimum ${min} exceeds ${REPETITION_THRESHOLD}`, start);
  }
  // Like llama.cpp, a maximum past the threshold is treated as no maximum at all.
  if (max !== undefined && max > THRESHOLD) max = undefined;
  // llama.cpp would underflow and loop (nearly) forever here; refusing is the only sane answer.
  if (max !== undefined && max < min) {
    throw scanner.fail('syntax', `repetition maximum ${max} is below its minimum ${min}`, start);
  }
  return { min: Number(min), max: max === undefined ? undefined : Number(max) };
}

/**
 * Reads a repetition operator at the cursor (`*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`) and the
 * blanks after it; `undefined` when there is none.
 */
export function readRepetition(scanner: GrammarScanner, newlineOk: boolean): RepetitionBounds | undefined {
  const op = scanner.peek();
  if (op === '{') return readBraces(scanner, newlineOk);
  let bounds: RepetitionBounds;
  if (op === '*') bounds = { min: 0, max: undefined };
  else if (op === '+') bounds = { min: 1, max: undefined };
  else if (op === '?') bounds = { min: 0, max: 1 };
  else return undefined;
  scanner.pos++;
  scanner.skipSpace(newlineOk);
  return bounds;
}
