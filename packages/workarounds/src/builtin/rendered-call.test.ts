// Plugins of families whose variants write other call forms match by the call the template
// renders: the Functionary R1 variant shares Functionary 3.1's code-interpreter preamble
// but writes DeepSeek R1 calls, with the fence language set from a variable.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deepseekR1Plugin } from './deepseek-r1.js';
import { functionary31Plugin } from './functionary-3-1.js';
import { PROBE_CALL_NAME, renderedCall } from './rendered-call.js';

const ZOO = fileURLToPath(new URL('../../../../tools/zoo/templates/', import.meta.url));
const zoo = (path: string): string => readFileSync(`${ZOO}${path}.jinja`, 'utf8');

describe('plugins matched by the rendered call', () => {
  it('renders one probe call, or nothing for a template that fails', () => {
    expect(renderedCall(zoo('functionary/meetkai-v3-llama3.1'))).toContain(`<function=${PROBE_CALL_NAME}>`);
    expect(renderedCall("{{ raise_exception('no') }}")).toBe('');
  });

  it('functionary-3.1 takes the variants that write <function=NAME>, not the R1 one', () => {
    expect(functionary31Plugin.matches(zoo('functionary/meetkai-v3-llama3.1'))).toBe(true);
    expect(functionary31Plugin.matches(zoo('functionary/meetkai-r1_distilled_llama'))).toBe(true);
    expect(functionary31Plugin.matches(zoo('functionary/meetkai-r1'))).toBe(false);
  });

  it('deepseek-r1 takes a template that builds the ```json fence out of a variable', () => {
    expect(deepseekR1Plugin.matches(zoo('functionary/meetkai-r1'))).toBe(true);
  });
});
