import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

/** One template of the zoo. */
export interface ZooTemplate {
  /** Its path under the zoo folder, with `/` separators: the id reports and baselines use. */
  readonly id: string;
  /** Its family: from origins.json when listed there, else its parent folder's name. */
  readonly family: string;
  /** The template text. */
  readonly source: string;
  /** SHA-256 of the text (hex): a baseline entry applies only to the text it was written for. */
  readonly sha256: string;
}

/** Every `.jinja` file under `dir`, recursively, in sorted order. */
function jinjaFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jinjaFiles(path));
    else if (entry.isFile() && entry.name.endsWith('.jinja')) out.push(path);
  }
  return out;
}

/** The family of each file origins.json lists (an array of `{file, family}` records), by id. */
function readOrigins(dir: string): Map<string, string> {
  const file = join(dir, 'origins.json');
  const families = new Map<string, string>();
  if (!existsSync(file)) return families;
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const records: unknown[] = Array.isArray(data) ? data : typeof data === 'object' && data !== null && Array.isArray((data as { templates?: unknown }).templates) ? (data as { templates: unknown[] }).templates : [];
  for (const record of records) {
    if (typeof record !== 'object' || record === null) continue;
    const { file: path, family } = record as { file?: unknown; family?: unknown };
    if (typeof path === 'string' && typeof family === 'string') families.set(path.split(sep).join('/'), family);
  }
  return families;
}

/**
 * The templates under `dir` (none when it does not exist). A file origins.json does not
 * list belongs to the family named after its folder.
 */
export function loadZooTemplates(dir: string): ZooTemplate[] {
  if (!existsSync(dir)) return [];
  const origins = readOrigins(dir);
  return jinjaFiles(dir).map((path) => {
    const id = relative(dir, path).split(sep).join('/');
    const parent = dirname(id);
    const source = readFileSync(path, 'utf8');
    return {
      id,
      family: origins.get(id) ?? basename(parent === '.' ? resolve(dir) : parent),
      source,
      sha256: createHash('sha256').update(source).digest('hex'),
    };
  });
}

/** A seeded pseudo-random source in [0, 1) (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items drawn without replacement with `seed` (a seed gives the same draw), in their original order. */
export function sample<T>(items: readonly T[], count: number, seed: number): T[] {
  if (count >= items.length) return [...items];
  const random = seededRandom(seed);
  const indexes = items.map((_, i) => i);
  // Partial Fisher–Yates: the first `count` slots end up a uniform draw.
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (indexes.length - i));
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}
