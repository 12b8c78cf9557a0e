import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`), or `CHROMIUM_PATH`. */
const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Flags for a quiet, offline, throw-away headless browser (no network of its own, no GPU). */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A running browser and how to get rid of it and its profile. */
export interface TestBrowser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Launches the system Chromium with a fresh profile, waiting up to `timeoutMs` for it to
 * start. Never downloads a browser: a missing Chromium is an error saying how to install it
 * (the e2e test must not be skipped).
 */
export async function launchChromium(timeoutMs: number): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: the e2e test needs a real browser. Install Debian's chromium ` +
        '(apt-get install -y chromium; .ci/run does this) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'autoparser-debug-chromium-'));
  // A persistent context is Playwright's way to run with our own --user-data-dir.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1440, height: 1000 },
    timeout: timeoutMs,
  });
  // Waits in the tests (for a redraw after a debounce) get room on a loaded machine; the test
  // timeout (package.json) stays above this so a wait fails with its own message.
  context.setDefaultTimeout(60_000);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
