import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One ```ts block of a README. */
export interface Snippet {
  /** The README it comes from, relative to the repository root. */
  readonly readme: string;
  /** Its 1-based position among the README's snippets. */
  readonly index: number;
  /** The code. */
  readonly code: string;
}

/** Every ```ts block of the READMEs of `packages/*`, in folder order. */
export function packageSnippets(root: string): Snippet[] {
  const snippets: Snippet[] = [];
  for (const name of readdirSync(join(root, 'packages')).sort()) {
    const readme = `packages/${name}/README.md`;
    let text: string;
    try {
      text = readFileSync(join(root, readme), 'utf8');
    } catch {
      continue;
    }
    let index = 0;
    for (const match of text.matchAll(/```ts\n([\s\S]*?)```/g)) snippets.push({ readme, index: ++index, code: match[1]! });
  }
  return snippets;
}
