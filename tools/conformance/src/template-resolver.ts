import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Finds a template file by name in an ordered list of folders. */
export interface TemplateResolver {
  /** The folders searched, first match wins. */
  readonly dirs: readonly string[];
  /** The path of template `name` in the first folder holding it, or `undefined`. */
  resolve(name: string): string | undefined;
}

/**
 * A resolver over `dirs`. Each folder is listed once, on first use, so resolving the
 * hundreds of records that share a few dozen templates costs no further file-system calls.
 * A folder that cannot be listed holds no templates.
 */
export function createTemplateResolver(dirs: readonly string[]): TemplateResolver {
  const listings = new Map<string, ReadonlySet<string>>();
  const listing = (dir: string): ReadonlySet<string> => {
    let names = listings.get(dir);
    if (names === undefined) {
      try {
        names = new Set(readdirSync(dir));
      } catch {
        names = new Set();
      }
      listings.set(dir, names);
    }
    return names;
  };
  return {
    dirs,
    resolve(name) {
      const dir = dirs.find((candidate) => listing(candidate).has(name));
      return dir === undefined ? undefined : join(dir, name);
    },
  };
}
