import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useDebugger } from './open-debugger.js';

// The worked example of the workarounds README: a plugin module and a template of its family.
const example = (name: string): string => readFileSync(fileURLToPath(new URL(`../../../../packages/workarounds/examples/${name}`, import.meta.url)), 'utf8');
const ACME_OUTPUT = '<reflect>The user wants weather.</reflect>Let me look.\nCALL get_weather {"location": "Paris", "days": 2}';

const page = useDebugger({
  port: 0,
  preload: { name: 'acme.jinja', source: example('acme.jinja') },
  plugins: { modules: [{ name: 'acme-plugin.mjs', source: example('acme-plugin.mjs') }] },
});

describe('a user plugin in the debugger', () => {
  it('is loaded from the server, named, and applied to the analysis and the format', async () => {
    expect(await page().textContent('#template-meta')).toContain('your plugins: acme (acme-plugin.mjs)');
    expect(await page().textContent('#applied-plugins')).toContain('acme');
    expect(await page().textContent('#format-plugin')).toBe('dedicated: plugin acme');
  });

  it('parses output with the plugin format', async () => {
    await page().fill('#model-output', ACME_OUTPUT);
    await page().waitForFunction(() => (document.querySelector('#parsed-message')?.textContent ?? '').includes('get_weather'));
    const message = JSON.parse((await page().textContent('#parsed-message')) ?? '') as {
      reasoning_content: string;
      tool_calls: { function: { name: string; arguments: string } }[];
    };
    expect(message.reasoning_content).toBe('The user wants weather.');
    expect(JSON.parse(message.tool_calls[0]?.function.arguments ?? '')).toEqual({ location: 'Paris', days: 2 });
  });
});
