import { describe, expect, it } from 'vitest';
import { useDebugger } from './open-debugger.js';

/** Canonical Qwen3-Coder output for a get_weather call. */
const CANONICAL = 'Let me check.\n<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>';
/** The same call as models often write it: the `<tool_call>` opener left out. */
const DEVIANT = 'Let me check.\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>';

interface Warning {
  code: string;
  rule?: string;
  offset: number;
}
interface Message {
  content?: string;
  tool_calls?: { function: { name: string; arguments: string } }[];
  warnings?: Warning[];
}

const page = useDebugger({ port: 0 });

/** Waits until the parser panel was rebuilt in the given mode (its data attribute comes from `parser.strict`). */
async function parsingMode(strict: boolean): Promise<string> {
  await page().waitForSelector(`#parsing-mode[data-strict="${String(strict)}"]`);
  return (await page().textContent('#parsing-mode')) ?? '';
}

/** Types `output` (which starts with "Let me check.") and returns the parsed message once redrawn for it. */
async function parsed(output: string): Promise<Message> {
  const shows = (text: boolean): Promise<unknown> =>
    page().waitForFunction((want) => (document.querySelector('#parsed-message')?.textContent ?? '').includes('Let me check.') === want, text);
  // Cleared first, so that the message drawn for the previous output cannot pass for this one.
  await page().fill('#model-output', '');
  await shows(false);
  await page().fill('#model-output', output);
  await shows(true);
  return JSON.parse((await page().textContent('#parsed-message')) ?? '') as Message;
}

/** The rules of the listed recoveries (none listed: []). */
const listedRules = (): Promise<string[]> => page().locator('#recoveries li.recovery').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-rule') ?? ''));

describe('the strict switch of the debugger', () => {
  it('rebuilds the parser strict and back, from the checkbox', async () => {
    await page().selectOption('#template-select', 'Qwen3-Coder');
    expect(await page().isChecked('#strict')).toBe(false);
    expect(await parsingMode(false)).toMatch(/^lenient/);
    await page().check('#strict');
    expect(await parsingMode(true)).toMatch(/^strict/);
    await page().uncheck('#strict');
    expect(await parsingMode(false)).toMatch(/^lenient/);
  });

  it('reads "strict": true from the request JSON as well', async () => {
    const request = JSON.parse(await page().inputValue('#request')) as Record<string, unknown>;
    await page().fill('#request', JSON.stringify({ ...request, strict: true }, null, 2));
    expect(await parsingMode(true)).toMatch(/^strict/);
    await page().fill('#request', JSON.stringify(request, null, 2));
    expect(await parsingMode(false)).toMatch(/^lenient/);
  });

  it('parses canonical output the same in both modes, with no recoveries listed', async () => {
    await page().uncheck('#strict');
    await parsingMode(false);
    const lenient = await parsed(CANONICAL);
    expect(lenient.tool_calls?.map((c) => c.function.name)).toEqual(['get_weather']);
    expect(lenient.warnings).toBeUndefined();
    expect(await listedRules()).toEqual([]);
    expect(await page().textContent('#recoveries')).toContain('none: the output follows the canonical format');
    await page().check('#strict');
    await parsingMode(true);
    expect(await parsed(CANONICAL)).toEqual(lenient);
    expect(await page().textContent('#recoveries')).toContain('none: strict parser');
  });

  it('lists exactly the message\'s recovered warnings for deviant output, and none in strict mode', async () => {
    await page().check('#strict');
    await parsingMode(true);
    const strict = await parsed(DEVIANT);
    // Strict mode reads no call without its opener, and never drops the text.
    expect(strict.tool_calls).toBeUndefined();
    expect(strict.content).toBe(DEVIANT);
    expect((strict.warnings ?? []).filter((w) => w.code === 'recovered')).toEqual([]);
    expect(await listedRules()).toEqual([]);

    await page().uncheck('#strict');
    await parsingMode(false);
    const lenient = await parsed(DEVIANT);
    // Whatever recoveries apply to this output, the list shows the message's own warnings.
    const recovered = (lenient.warnings ?? []).filter((w) => w.code === 'recovered').map((w) => w.rule ?? '?');
    expect(await listedRules()).toEqual(recovered);
  });
});
