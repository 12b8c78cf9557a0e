import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { renderJinja } from '@autoparser/jinja';
import { RENDER_NOW, ZOO_CONVERSATIONS, type ZooConversation } from './conversations.js';

/** The helper that renders with Python's Jinja2 (kept beside the sources, in the package). */
const SCRIPT = fileURLToPath(new URL('../scripts/render_jinja2.py', import.meta.url));

/** One side's rendering of one conversation: the text, or the error. */
export type RenderOutcome = { readonly text: string } | { readonly error: string };

/** What Jinja2 made of one template. */
export type Jinja2Result = { readonly rejects: string } | { readonly renders: { readonly [conversation: string]: RenderOutcome } };

/** The Jinja2 side of a batch, or why it could not run. */
export type Jinja2Batch = { readonly ok: true; readonly version: string; readonly results: ReadonlyMap<string, Jinja2Result> } | { readonly ok: false; readonly reason: string };

/**
 * Renders every template with every conversation in one Python process (JSON in on stdin,
 * JSON out): starting Python once per template would dominate the run.
 */
export function renderWithJinja2(templates: readonly { readonly id: string; readonly source: string }[], conversations: readonly ZooConversation[] = ZOO_CONVERSATIONS, python = 'python3'): Jinja2Batch {
  const input = JSON.stringify({ now: RENDER_NOW, templates, conversations });
  const run = spawnSync(python, [SCRIPT], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.error !== undefined) return { ok: false, reason: `${python}: ${run.error.message}` };
  if (run.status !== 0) return { ok: false, reason: `${python} ${SCRIPT} exited ${run.status ?? run.signal}: ${run.stderr.trim().split('\n').at(-1) ?? ''}` };
  const parsed = JSON.parse(run.stdout) as { jinja2: string; results: { [id: string]: Jinja2Result } };
  return { ok: true, version: parsed.jinja2, results: new Map(Object.entries(parsed.results)) };
}

/** Our engine's rendering of one conversation. */
export function renderWithEngine(source: string, conversation: ZooConversation): RenderOutcome {
  try {
    return { text: renderJinja(source, conversation.variables, { now: new Date(`${RENDER_NOW}Z`) }) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** How one template's renderings compare. */
export interface RenderComparison {
  /** Every conversation rendered byte-equal (or failed on both sides); undefined when Jinja2 could not run. */
  readonly equal: boolean | undefined;
  /** Jinja2 rejects the template itself (it does not compile): its error. */
  readonly jinja2Rejects?: string;
  /** The conversations that differ, each with where. */
  readonly differences: readonly string[];
}

const excerpt = (text: string, at: number): string => JSON.stringify(text.slice(at, at + 40));

/** Where two outcomes of one conversation differ, or undefined when they agree. */
export function outcomeDifference(ours: RenderOutcome, theirs: RenderOutcome): string | undefined {
  if ('error' in theirs) return 'error' in ours ? undefined : `Jinja2 fails (${theirs.error}), ours renders`;
  if ('error' in ours) return `ours fails (${ours.error}), Jinja2 renders`;
  if (ours.text === theirs.text) return undefined;
  let at = 0;
  while (at < ours.text.length && at < theirs.text.length && ours.text[at] === theirs.text[at]) at++;
  return `differs at ${at}: ours ${excerpt(ours.text, at)}, Jinja2 ${excerpt(theirs.text, at)}`;
}

/** Compares our rendering of `source` with Jinja2's result for it, conversation by conversation. */
export function compareRenders(source: string, jinja2: Jinja2Result | undefined, conversations: readonly ZooConversation[] = ZOO_CONVERSATIONS): RenderComparison {
  if (jinja2 === undefined) return { equal: undefined, differences: [] };
  if ('rejects' in jinja2) return { equal: false, jinja2Rejects: jinja2.rejects, differences: [] };
  const differences: string[] = [];
  for (const conversation of conversations) {
    const theirs = jinja2.renders[conversation.name];
    if (theirs === undefined) continue;
    const difference = outcomeDifference(renderWithEngine(source, conversation), theirs);
    if (difference !== undefined) differences.push(`${conversation.name}: ${difference}`);
  }
  return { equal: differences.length === 0, differences };
}
