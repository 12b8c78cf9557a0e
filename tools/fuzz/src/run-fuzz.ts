import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import type { FuzzFamily } from './families.js';
import type { AssistantMessage } from '@autoparser/core';
import { applyStreamDelta, chunksOf, emptyStreamed, invalidArguments, lostOutside, lostWords, streamDifference, type StreamedMessage } from './invariants.js';
import type { KnownFindings, KnownScope } from './known-findings.js';
import { mutate, mutationArbitrary, type Mutation } from './mutations.js';

/** One generated case: which valid output, its edits, and the chunks it streams in. */
export interface FuzzCase {
  readonly context: number;
  readonly output: number;
  readonly mutations: readonly Mutation[];
  readonly chunks: readonly number[];
}

/** Which invariant a case broke. */
export type FailureKind = 'throw' | 'lost' | 'retracted' | 'stream-mismatch' | 'invalid-arguments';

/** What one case did. */
export interface CaseOutcome {
  /** The mutated output. */
  readonly input: string;
  /**
   * The broken invariants with details, in the order checked (empty: all held). A `lost` one
   * says whether every lost word lies inside the spans given to {@link runCase} (`inSpans`).
   */
  readonly broken: readonly { readonly kind: FailureKind; readonly detail: string; readonly inSpans?: boolean }[];
  /** Parse time per KB of input (inputs under 1 KB count as 1 KB). */
  readonly msPerKb: number;
}

/** A failing case, with what replays it: `pnpm fuzz --family F --seed S --path P`. */
export interface FuzzFailure {
  readonly family: string;
  readonly kind: FailureKind;
  /** The family and kind are listed in `known-findings.json` (open, reported, not failing the run). */
  readonly known: boolean;
  readonly detail: string;
  /** The chat case or `fuzz` whose parser read it. */
  readonly context: string;
  readonly seed: number;
  readonly path: string;
  /** The (shrunk) input, cut at 2 000 characters. */
  readonly input: string;
}

/** The figures of a fuzz run (the `--json` output). */
export interface FuzzReport {
  readonly seed: number;
  readonly families: number;
  readonly runs: number;
  /** Runs in which `parse` or the stream threw. */
  readonly throws: number;
  /** Runs whose parse or stream lost text. */
  readonly lost: number;
  /** Runs whose stream retracted what it had sent. */
  readonly retracted: number;
  /** Runs whose stream adds up to another message than the parse. */
  readonly streamMismatches: number;
  /** Runs whose final message (parse or the stream's end) holds tool-call arguments that are no JSON object. */
  readonly invalidArguments: number;
  readonly slowestMsPerKb: number;
  /** Where the slowest parse happened. */
  readonly slowest: { readonly family: string; readonly bytes: number } | undefined;
  /** Runs per family. */
  readonly perFamily: Readonly<Record<string, number>>;
  /** Failures whose family and kind are not known findings: these fail the run. */
  readonly newFailures: number;
  readonly failures: readonly FuzzFailure[];
}

const errorText = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** The arbitrary of a family's cases. */
function caseArbitrary(family: FuzzFamily): fc.Arbitrary<FuzzCase> {
  return fc
    .nat({ max: family.contexts.length - 1 })
    .chain((context) =>
      fc.record({
        context: fc.constant(context),
        output: fc.nat({ max: family.contexts[context]!.outputs.length - 1 }),
        mutations: fc.array(mutationArbitrary(family.markers.length), { maxLength: 4 }),
        chunks: fc.array(fc.integer({ min: 1, max: 24 }), { minLength: 1, maxLength: 6 }),
      }),
    );
}

/** Runs one case and checks every invariant; `within`: the spans a known `lost` finding covers. */
export function runCase(family: FuzzFamily, c: FuzzCase, within?: RegExp): CaseOutcome {
  const context = family.contexts[c.context]!;
  const input = mutate(context.outputs[c.output]!, c.mutations, family.markers);
  const broken: { kind: FailureKind; detail: string; inSpans?: boolean }[] = [];
  let parsed: ReturnType<FuzzFamily['contexts'][number]['parser']['parse']> | undefined;
  const started = performance.now();
  try {
    parsed = context.parser.parse(input);
  } catch (error) {
    broken.push({ kind: 'throw', detail: `parse: ${errorText(error)}` });
  }
  const msPerKb = (performance.now() - started) / Math.max(1, input.length / 1024);
  // Whether what `message` lost lies inside the spans a known finding covers.
  const lostWithin = (message: AssistantMessage): boolean =>
    within !== undefined && lostOutside(input, message, within, family.markers, family.vocabulary).length === 0;
  if (parsed !== undefined) {
    const lost = lostWords(input, parsed, family.markers, family.vocabulary);
    if (lost.length > 0) broken.push({ kind: 'lost', detail: `lost ${lost.slice(0, 8).join(' ')}`, inSpans: lostWithin(parsed) });
  }
  const invalid = parsed === undefined ? undefined : invalidArguments(parsed);
  if (invalid !== undefined) broken.push({ kind: 'invalid-arguments', detail: `parse: ${invalid}` });
  let streamed: StreamedMessage | undefined;
  try {
    const session = context.parser.stream();
    const sent = emptyStreamed();
    // Deltas only append, so what a client holds is always a prefix of what the stream ends
    // on; the one way to take something back is to rename a call or change its id.
    let retraction: string | undefined;
    const take = (deltas: readonly Parameters<typeof applyStreamDelta>[1][]): void => {
      for (const delta of deltas) retraction ??= applyStreamDelta(sent, delta);
    };
    for (const chunk of chunksOf(input, c.chunks)) take(session.push(chunk));
    take(session.end());
    streamed = sent;
    // The stream's final message: what the session ends on (the deltas' sum is compared with the parse below).
    const finalInvalid = invalid === undefined ? invalidArguments(session.finish()) : undefined;
    if (finalInvalid !== undefined) broken.push({ kind: 'invalid-arguments', detail: `stream: ${finalInvalid}` });
    if (retraction !== undefined) broken.push({ kind: 'retracted', detail: retraction });
  } catch (error) {
    broken.push({ kind: 'throw', detail: `stream: ${errorText(error)}` });
  }
  const difference = parsed !== undefined && streamed !== undefined ? streamDifference(streamed, parsed) : undefined;
  // A stream that adds up to the parse (ids included) lost what the parse lost, already counted.
  if (streamed !== undefined && (difference !== undefined || parsed === undefined)) {
    // The stream must not lose text either, whatever it sent.
    const message = {
      role: 'assistant' as const,
      content: streamed.content,
      reasoning_content: streamed.reasoning,
      tool_calls: streamed.calls.map((call) => ({ type: 'function' as const, id: call.id, function: { name: call.name, arguments: call.arguments } })),
    };
    const lost = lostWords(input, message, family.markers, family.vocabulary);
    if (lost.length > 0 && !broken.some((b) => b.kind === 'lost')) broken.push({ kind: 'lost', detail: `stream lost ${lost.slice(0, 8).join(' ')}`, inSpans: lostWithin(message) });
  }
  if (difference !== undefined) broken.push({ kind: 'stream-mismatch', detail: difference });
  return { input, broken, msPerKb };
}

/** What {@link fuzz} runs. */
export interface FuzzOptions {
  /** The base seed; each family's k-th check uses `seed + k`. */
  readonly seed: number;
  /** Stop after this many milliseconds in all (split evenly over the families left). */
  readonly milliseconds?: number | undefined;
  /** Stop each family after this many runs (default: until time runs out). */
  readonly runsPerFamily?: number | undefined;
  /** Progress (one line per family). */
  readonly progress?: ((line: string) => void) | undefined;
  /** Open findings (by `family kind`) that are reported but do not count as new failures. */
  readonly known?: KnownFindings | undefined;
}

/**
 * Fuzzes each family with fast-check: cases are checked until the family's share of time
 * (or its run count) is spent. Every run that breaks an invariant counts. A run whose broken
 * invariants are all open findings (`known`) does not stop the check: the first of each
 * family and kind is recorded unshrunk, with the seed and path (its run index) that replay it.
 * A new failure ends the check; fast-check shrinks it and it is recorded with its replay
 * seed and path, and the family goes on with the next seed.
 */
export function fuzz(families: readonly FuzzFamily[], options: FuzzOptions): FuzzReport {
  const deadline = options.milliseconds === undefined ? Infinity : performance.now() + options.milliseconds;
  const counts = { runs: 0, throw: 0, lost: 0, retracted: 0, 'stream-mismatch': 0, 'invalid-arguments': 0 };
  const failures: FuzzFailure[] = [];
  const perFamily: Record<string, number> = {};
  let slowestMsPerKb = 0;
  let slowest: FuzzReport['slowest'];
  families.forEach((family, index) => {
    if (family.contexts.length === 0) return;
    const familyDeadline = performance.now() + (deadline - performance.now()) / (families.length - index);
    const scope = (kind: FailureKind): KnownScope | undefined => options.known?.get(`${family.name} ${kind}`);
    const within = scope('lost')?.within;
    const isKnown = (b: CaseOutcome['broken'][number]): boolean => {
      const known = scope(b.kind);
      return known !== undefined && (known.within === undefined || b.inSpans === true);
    };
    const example = new Set<FailureKind>();
    let runs = 0;
    const arbitrary = caseArbitrary(family);
    for (let k = 0; performance.now() < familyDeadline && runs < (options.runsPerFamily ?? Infinity); k++) {
      const seed = (options.seed + k) | 0;
      let shrinking = false;
      let run = 0;
      const result = fc.check(
        fc.property(arbitrary, (c) => {
          const outcome = runCase(family, c, within);
          // Shrinking re-runs the property: those runs are not counted, and a smaller case
          // must keep breaking something new.
          if (shrinking) return outcome.broken.every(isKnown);
          runs++;
          const path = String(run++);
          if (outcome.msPerKb > slowestMsPerKb) {
            slowestMsPerKb = outcome.msPerKb;
            slowest = { family: family.name, bytes: outcome.input.length };
          }
          for (const kind of new Set(outcome.broken.map((b) => b.kind))) counts[kind]++;
          if (outcome.broken.every(isKnown)) {
            for (const b of outcome.broken) {
              if (example.has(b.kind)) continue;
              example.add(b.kind);
              failures.push({ family: family.name, kind: b.kind, known: true, detail: b.detail, context: family.contexts[c.context]!.name, seed, path, input: outcome.input.slice(0, 2000) });
            }
            return true;
          }
          shrinking = true;
          return false;
        }),
        {
          seed,
          numRuns: Math.max(1, Math.min(1_000_000, (options.runsPerFamily ?? Infinity) - runs)),
          interruptAfterTimeLimit: Math.max(1, Math.round(Math.min(familyDeadline - performance.now(), 2 ** 31 - 1))),
          markInterruptAsFailure: false,
        },
      );
      if (result.failed && result.counterexample !== null) {
        const [c] = result.counterexample;
        const outcome = runCase(family, c, within);
        const first = outcome.broken.find((b) => !isKnown(b)) ?? outcome.broken[0] ?? { kind: 'throw' as const, detail: 'fails only in the shrinking run' };
        failures.push({ family: family.name, kind: first.kind, known: false, detail: first.detail, context: family.contexts[c.context]!.name, seed, path: result.counterexamplePath ?? '', input: outcome.input.slice(0, 2000) });
      }
      if (!result.failed && result.interrupted) break;
    }
    counts.runs += runs;
    perFamily[family.name] = runs;
    options.progress?.(`${family.name.padEnd(52)} ${String(runs).padStart(8)} runs`);
  });
  return {
    seed: options.seed,
    families: Object.keys(perFamily).length,
    runs: counts.runs,
    throws: counts.throw,
    lost: counts.lost,
    retracted: counts.retracted,
    streamMismatches: counts['stream-mismatch'],
    invalidArguments: counts['invalid-arguments'],
    slowestMsPerKb: Math.round(slowestMsPerKb * 1000) / 1000,
    slowest,
    perFamily,
    newFailures: failures.filter((f) => !f.known).length,
    failures,
  };
}

/** Re-runs the case at `seed` and `path` of a family (as a failure printed it); `within` as for {@link runCase}. */
export function replay(family: FuzzFamily, seed: number, path: string, within?: RegExp): { readonly case: FuzzCase; readonly outcome: CaseOutcome } | undefined {
  let found: { case: FuzzCase; outcome: CaseOutcome } | undefined;
  fc.check(
    fc.property(caseArbitrary(family), (c) => {
      found = { case: c, outcome: runCase(family, c, within) };
      return true;
    }),
    { seed, path, numRuns: 1 },
  );
  return found;
}
