/** A template handed over by `autoparser debug <template>`. */
export interface Preload {
  readonly name: string;
  readonly source: string;
}

/** Reads a `/preload.json` body; undefined unless it is `{name, source}` with strings. */
export function readPreload(value: unknown): Preload | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, source } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof source === 'string' ? { name, source } : undefined;
}

/**
 * The template to open first, if the server offers one: `autoparser debug <template>`
 * serves it as static `preload.json` beside the app; other hosts simply have none.
 */
export async function fetchPreload(): Promise<Preload | undefined> {
  try {
    const response = await fetch('./preload.json', { cache: 'no-store' });
    if (!response.ok) return undefined;
    return readPreload(await response.json());
  } catch {
    // Missing, or not JSON (a host answering every path with the page): no preload.
    return undefined;
  }
}
