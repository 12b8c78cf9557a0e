import { renderTemplate } from '@autoparser/jinja';

/** The name of the probe call rendered to see how a template writes calls. */
export const PROBE_CALL_NAME = 'probe_function';

/**
 * The conversation a template renders for one user turn and one assistant turn calling
 * {@link PROBE_CALL_NAME} with `{}`, or `''` when the template fails to render it. Plugins
 * whose template family has variants writing different call forms check this instead of
 * the source, which may build the call's markup out of variables.
 */
export function renderedCall(source: string): string {
  try {
    return renderTemplate(source, {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: PROBE_CALL_NAME, arguments: '{}' } }] },
      ],
      tools: [{ type: 'function', function: { name: PROBE_CALL_NAME, description: 'probe', parameters: { type: 'object', properties: {} } } }],
      add_generation_prompt: false,
    });
  } catch {
    return '';
  }
}
