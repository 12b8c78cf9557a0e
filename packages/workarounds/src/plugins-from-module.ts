import { assertPlugin, type WorkaroundPlugin } from './plugin.js';

const looksLikePlugin = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'name' in value && typeof (value as { matches?: unknown }).matches === 'function';

/**
 * The plugins an imported ES module offers: its default export (one plugin or an array of
 * them), else every named export shaped like a plugin, in export order. Each is checked
 * with {@link assertPlugin}. Throws a `TypeError` when there is none or one is malformed.
 *
 * @example
 * const plugins = pluginsFromModule(await import('./my-plugin.mjs'));
 */
export function pluginsFromModule(module: Readonly<Record<string, unknown>>): WorkaroundPlugin[] {
  const fromDefault = module['default'];
  const candidates: unknown[] =
    fromDefault !== undefined ? (Array.isArray(fromDefault) ? [...(fromDefault as unknown[])] : [fromDefault]) : Object.values(module).filter(looksLikePlugin);
  if (candidates.length === 0) throw new TypeError('the module exports no plugin (export one, or an array, as default, or as named exports)');
  return candidates.map((candidate) => {
    assertPlugin(candidate as WorkaroundPlugin);
    return candidate as WorkaroundPlugin;
  });
}
