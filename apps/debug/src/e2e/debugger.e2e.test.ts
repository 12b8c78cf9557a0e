import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useDebugger } from './open-debugger.js';

const here = dirname(fileURLToPath(import.meta.url));
const SCREENSHOT = join(here, '../../.artifacts/debugger.png');
/** What Qwen3-Coder writes for a get_weather call: the CLI's example output. */
const TOOL_CALL_OUTPUT = readFileSync(join(here, '../../../cli/examples/get-weather.output.txt'), 'utf8');

/** The loaded page; throws why there is none (no Chromium, no build…), failing the test. */
const page = useDebugger({ port: 0 });

/** The text of an element, once `predicate` holds for it (the app redraws after a debounce). */
async function textWhen(selector: string, predicate: string): Promise<string> {
  await page().waitForFunction(
    ([sel, pred]) => {
      const text = document.querySelector(sel ?? '')?.textContent ?? '';
      return new RegExp(pred ?? '').test(text);
    },
    [selector, predicate],
  );
  return (await page().textContent(selector)) ?? '';
}

interface DeltaLine {
  content?: string;
  tool_calls?: { index: number; function: { name?: string; arguments?: string } }[];
}

describe('the template debugger in Chromium', () => {
  it('parses a pasted Qwen3-Coder tool call into a message and streamed deltas', async () => {
    await page().selectOption('#template-select', 'Qwen3-Coder');
    expect(await page().inputValue('#template-source')).toContain('<function=');
    await page().fill('#model-output', '');
    await page().fill('#model-output', TOOL_CALL_OUTPUT);

    const message = JSON.parse(await textWhen('#parsed-message', '"get_weather"')) as { content: string; tool_calls: { function: { name: string; arguments: string } }[] };
    expect(message.content).toBe('Let me check the forecast.\n');
    expect(message.tool_calls).toHaveLength(1);
    expect(message.tool_calls[0]?.function.name).toBe('get_weather');
    expect(JSON.parse(message.tool_calls[0]?.function.arguments ?? '')).toEqual({ location: 'Paris', days: 3 });

    const lines = await page().locator('#deltas li.delta code').allTextContents();
    expect(lines.length).toBeGreaterThan(2);
    const deltas = lines.map((line) => JSON.parse(line) as DeltaLine);
    const calls = deltas.flatMap((d) => d.tool_calls ?? []);
    expect(calls.map((c) => c.function.name).filter(Boolean)).toEqual(['get_weather']);
    expect(JSON.parse(calls.map((c) => c.function.arguments ?? '').join(''))).toEqual({ location: 'Paris', days: 3 });
    expect(deltas.map((d) => d.content ?? '').join('')).toBe('Let me check the forecast.\n');
  });

  it('shows the differential comparisons of the R and T steps as coloured diffs', async () => {
    const stepIds = await page().locator('#steps details.step').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-step')));
    expect(stepIds).toEqual(expect.arrayContaining(['render', 'R1', 'C1', 'T1', 'T3', 'A1', 'A2', 'roles', 'plugins']));
    expect(await page().locator('[data-step="R1"] .comparison').count()).toBeGreaterThan(0);
    const t3 = page().locator('[data-step="T3"] .comparison').first();
    expect(await t3.locator('.seg-left').first().textContent()).toMatch(/\S/);
    expect(await t3.locator('.seg-right').first().textContent()).toMatch(/\S/);
    expect(await t3.locator('.seg-prefix').count()).toBeGreaterThan(0);
    expect(await page().locator('[data-step="T1"] .extracted').textContent()).toContain('tools.format.mode');
    expect(await page().textContent('#analysis')).toContain('TAG_WITH_TAGGED');
    expect(await page().textContent('#preserved-tokens')).toContain('"<tool_call>"');
    // Coloured: the two sides of a diff are drawn on different backgrounds.
    const colours = await t3.evaluate((node) => ['.seg-left', '.seg-right', '.seg-prefix'].map((s) => getComputedStyle(node.querySelector(s) ?? node).backgroundColor));
    expect(new Set(colours).size).toBe(3);
  });

  it('runs the self-check and shows the parser dump and the grammar', async () => {
    const rows = await page().locator('#self-check tr[data-result]').evaluateAll((nodes) => nodes.map((n) => [n.children[0]?.textContent, n.getAttribute('data-result')]));
    expect(rows.map(([name]) => name)).toEqual([
      'content',
      'reasoning + content',
      'thinking off',
      'tool call',
      'typed arguments',
      'parallel tool calls',
      'tool_choice required',
      'tool_choice named',
      'response schema',
      'answer after tool result',
    ]);
    expect(rows.every(([, result]) => ['pass', 'fail', 'skip'].includes(result ?? ''))).toBe(true);
    expect(await page().textContent('#self-check .counts')).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/);
    expect(await page().textContent('#grammar')).toMatch(/^root ::= /m);
    expect(await page().textContent('#parser-dump')).toMatch(/^root ::= /m);

    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page().screenshot({ path: SCREENSHOT, fullPage: true });
    expect(existsSync(SCREENSHOT)).toBe(true);
  });

  it('points at the line and column of a template error', async () => {
    await page().selectOption('#template-select', '__custom__');
    await page().fill('#template-source', '{%- for m in messages -%}\n{{ m.content }\n{%- endfor -%}\n');
    const error = await textWhen('#template-error', 'line \\d+, column \\d+');
    expect(error).toMatch(/line 2, column \d+/);
    expect(await page().textContent('#template-error .pointer')).toContain('2 │ {{ m.content }');
    expect(await page().textContent('.gutter .marked')).toBe('2\n');
  });
});
