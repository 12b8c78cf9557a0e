import type { WorkaroundPlugin } from '@autoparser/workarounds';
import { renderPrompt } from './default-plugins.js';

const PROBE = 'AUTOPARSER_END_OF_TURN_MARKER_PROBE';

/**
 * The marker a template writes right after an assistant turn's content (`<|im_end|>`,
 * `<|eot_id|>`, `<|end|>`, `</s>`…), found by rendering a probe answer; '' when the template
 * writes nothing there, or more than one token-like run (no whitespace inside), so only a
 * single end-of-turn token is ever taken for one. Not cached: a compiled template asks once.
 */
export function endOfTurnMarker(source: string, plugins: readonly WorkaroundPlugin[]): string {
  try {
    const { prompt } = renderPrompt(
      source,
      { messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: PROBE }], add_generation_prompt: false, tools: null },
      { plugins },
    );
    const at = prompt.lastIndexOf(PROBE);
    const tail = at < 0 ? '' : prompt.slice(at + PROBE.length).trim();
    return tail !== '' && !/\s/u.test(tail) ? tail : '';
  } catch {
    // A template that cannot render the probe has no marker we can know.
    return '';
  }
}
