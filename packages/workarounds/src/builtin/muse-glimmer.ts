import type { WorkaroundPlugin } from '../plugin.js';
import { ATEM_TOKENS, museGlimmerFormat } from './muse-glimmer/atem-format.js';

/** Muse Glimmer's templates route messages with `to=` and write calls as `<atem:function_calls>` blocks. */
const isMuseGlimmer = (source: string): boolean =>
  source.includes(ATEM_TOKENS.blockStart) && source.includes(ATEM_TOKENS.message) && source.includes('to=');

/**
 * Muse Glimmer (ATEM): harmony-like messages routed by recipient — `to=self` reasoning,
 * `to=user` content, `to=NAME` a call in an `<atem:function_calls>` block — one message per
 * call. The general analysis reads the recipient as text, so a dedicated format reads them.
 */
export const museGlimmerPlugin: WorkaroundPlugin = {
  name: 'muse-glimmer',
  description: 'Muse Glimmer ATEM: messages routed by to=self/to=user/to=NAME, calls as <atem:invoke> blocks, one message per call.',
  matches: (source) => isMuseGlimmer(source),
  format: museGlimmerFormat,
};
