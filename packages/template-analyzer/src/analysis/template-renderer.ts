import { renderJinja } from '@autoparser/jinja';
import type { TemplatePlugin } from '../plugins/template-plugin.js';
import type { ProbeRenderParams, ProbeRenderer } from './probe-renderer.js';

/** A fixed instant, so that templates printing the date render the same every time. */
const PROBE_INSTANT = new Date('2026-11-21T00:00:00Z');

/**
 * A probe renderer: the package's Jinja engine on the template as the reference loads it
 * (with the source patches of `plugins`), given the probe messages as they are. Unlike a
 * chat render, no message shaping happens: the analysis must see how the template itself
 * treats object arguments, null content or reasoning fields, as the reference's analysis
 * does. Variables in the reference's order; `tools` only when there are some,
 * `add_generation_prompt` only when true.
 */
export function createTemplateRenderer(plugins: readonly TemplatePlugin[] = []): ProbeRenderer {
  return (source: string, params: ProbeRenderParams): string => {
    const variables = new Map<string, unknown>([
      ['messages', params.messages],
      ['bos_token', ''],
      ['eos_token', ''],
      ['enable_thinking', params.enable_thinking],
    ]);
    if (params.tools && params.tools.length > 0) variables.set('tools', params.tools);
    if (params.add_generation_prompt) variables.set('add_generation_prompt', true);
    for (const [key, value] of Object.entries(params.variables ?? {})) variables.set(key, value);
    // The reference's engine renders its probes with its leniencies (list `append`, `str + None`…).
    return renderJinja(source, variables, { now: PROBE_INSTANT, plugins, strict: false });
  };
}

/** The probe renderer without plugins (see {@link createTemplateRenderer}). */
export const templateRenderer: ProbeRenderer = createTemplateRenderer();
