import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { distDir, serveDebugger, type ServeDebuggerOptions, type StaticServer } from '../node/index.js';
import { launchChromium, type TestBrowser } from './chromium.js';

/** The debugger served and loaded in Chromium, for an e2e test. */
export interface OpenedDebugger {
  /** The loaded page; throws why there is none (no Chromium, no build, a page error…), failing the test. */
  page(): Page;
  /** Closes the browser and the server (whatever of them was started). */
  close(): Promise<void>;
}

/**
 * Serves the built debugger with `options`, opens it in the system Chromium and waits until the
 * app is ready (`body[data-state="ready"]`) without a page error. Never rejects: a failure is
 * kept for {@link OpenedDebugger.page} to throw, so that every test fails with it (a failing
 * `beforeAll` would only mark them skipped).
 */
async function openDebugger(options: ServeDebuggerOptions = {}): Promise<OpenedDebugger> {
  let browser: TestBrowser | undefined;
  let server: StaticServer | undefined;
  let opened: Page | undefined;
  let setupError: unknown;
  try {
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(`no built app in ${distDir}: run the build first (turbo runs it before this test)`);
    browser = await launchChromium();
    server = await serveDebugger(options);
    opened = await browser.context.newPage();
    const errors: string[] = [];
    opened.on('pageerror', (error) => errors.push(error.message));
    await opened.goto(server.url);
    await opened.waitForSelector('body[data-state="ready"]');
    if (errors.length > 0) throw new Error(`the page threw: ${errors.join('; ')}`);
  } catch (error) {
    setupError = error;
  }
  return {
    page: () => {
      if (setupError instanceof Error) throw setupError;
      if (opened === undefined) throw new Error('the page did not load');
      return opened;
    },
    close: async () => {
      await browser?.close();
      await server?.close();
    },
  };
}

/**
 * Opens the debugger with `options` before the tests of the calling file (closing it after them)
 * and returns the accessor of its page, which throws while there is none.
 */
export function useDebugger(options: ServeDebuggerOptions = {}): () => Page {
  let opened: OpenedDebugger | undefined;
  beforeAll(async () => {
    opened = await openDebugger(options);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return () => {
    if (opened === undefined) throw new Error('the debugger was not opened');
    return opened.page();
  };
}
