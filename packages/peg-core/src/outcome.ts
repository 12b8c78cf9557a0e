/**
 * Matchers return one number instead of an object, so the hot path allocates nothing:
 * `>= 0` success ending there, {@link FAIL}, or need-more-input ending at `at`, encoded as
 * `-(at + 2)`.
 *
 * @internal
 */
export const FAIL = -1;

/** @internal */
export function needMore(at: number): number {
  return -at - 2;
}

/** @internal */
export function isNeedMore(outcome: number): boolean {
  return outcome <= -2;
}

/** @internal */
export function needMoreAt(outcome: number): number {
  return -outcome - 2;
}
