import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, serveDebugger, type StaticServer } from '../node/index.js';
import { launchChromium, type TestBrowser } from './chromium.js';

// The worked example of the workarounds README: a plugin module and a template of its family.
const example = (name: string): string => readFileSync(fileURLToPath(new URL(`../../../../packages/workarounds/examples/${name}`, import.meta.url)), 'utf8');
const ACME_OUTPUT = '<reflect>The user wants weather.</reflect>Let me look.\nCALL get_weather {"location": "Paris", "days": 2}';

let browser: TestBrowser | undefined;
let server: StaticServer | undefined;
let opened: Page | undefined;
let setupError: unknown;

beforeAll(async () => {
  try {
    if (!existsSync(`${distDir}/index.html`)) throw new Error(`no built app in ${distDir}: run the build first`);
    browser = await launchChromium();
    server = await serveDebugger({
      port: 0,
      preload: { name: 'acme.jinja', source: example('acme.jinja') },
      plugins: { modules: [{ name: 'acme-plugin.mjs', source: example('acme-plugin.mjs') }] },
    });
    opened = await browser.context.newPage();
    const errors: string[] = [];
    opened.on('pageerror', (error) => errors.push(error.message));
    await opened.goto(server.url);
    await opened.waitForSelector('body[data-state="ready"]');
    if (errors.length > 0) throw new Error(`the page threw: ${errors.join('; ')}`);
  } catch (error) {
    setupError = error;
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function page(): Page {
  if (setupError instanceof Error) throw setupError;
  if (opened === undefined) throw new Error('the page did not load');
  return opened;
}

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
