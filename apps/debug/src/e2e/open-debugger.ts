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
 * How long opening may take. A fresh CI machine, busy with other packages' tests, has taken more
 * than vitest's default 10 s hook timeout to start Chromium; a hook that times out only marks the
 * file's tests skipped, so the opening keeps its own, earlier deadline and fails every test.
 */
const OPEN_DEADLINE_MS = 150_000;
/** Room between that deadline and the hook's own timeout, so the deadline always fires first. */
const HOOK_MARGIN_MS = 30_000;
/** Closing Chromium on a loaded machine can take seconds too. */
const CLOSE_TIMEOUT_MS = 60_000;

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
  let stage = 'checking the build';
  const open = async (): Promise<void> => {
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(`no built app in ${distDir}: run the build first (turbo runs it before this test)`);
    stage = 'launching Chromium';
    browser = await launchChromium(OPEN_DEADLINE_MS);
    stage = 'serving the app';
    server = await serveDebugger(options);
    stage = 'loading the page';
    opened = await browser.context.newPage();
    const errors: string[] = [];
    opened.on('pageerror', (error) => errors.push(error.message));
    await opened.goto(server.url, { timeout: OPEN_DEADLINE_MS });
    stage = 'waiting for the app to be ready';
    await opened.waitForSelector('body[data-state="ready"]', { timeout: OPEN_DEADLINE_MS });
    if (errors.length > 0) throw new Error(`the page threw: ${errors.join('; ')}`);
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the debugger did not open within ${OPEN_DEADLINE_MS / 1000} s (still ${stage})`)), OPEN_DEADLINE_MS);
  });
  try {
    await Promise.race([open(), deadline]);
  } catch (error) {
    setupError = error;
  } finally {
    clearTimeout(timer);
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
  }, OPEN_DEADLINE_MS + HOOK_MARGIN_MS);
  afterAll(async () => {
    await opened?.close();
  }, CLOSE_TIMEOUT_MS);
  return () => {
    if (opened === undefined) throw new Error('the debugger was not opened');
    return opened.page();
  };
}
