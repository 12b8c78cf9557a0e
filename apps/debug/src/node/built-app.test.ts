import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir } from './index.js';

/** The built app's scripts; the build runs before the tests (turbo: test depends on build). */
function builtScripts(): string[] {
  const assets = join(distDir, 'assets');
  if (!existsSync(assets)) throw new Error(`no built app in ${distDir}: run the build first`);
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(assets, name), 'utf8'));
}

describe('the built app', () => {
  it('is a static page that loads its script by a relative path', () => {
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<script type="module" crossorigin src="\.\/assets\/index-[\w-]+\.js"><\/script>/);
  });

  it('bundles our packages without any Node.js module (they run in the browser as they are)', () => {
    const scripts = builtScripts();
    expect(scripts.length).toBeGreaterThan(0);
    for (const code of scripts) {
      expect(code).not.toMatch(/["']node:[a-z_/]+["']/);
      // What Vite puts in place of a Node built-in it cannot bundle for the browser.
      expect(code).not.toContain('__vite-browser-external');
      expect(code).toContain('traceAnalysis');
    }
  });
});
