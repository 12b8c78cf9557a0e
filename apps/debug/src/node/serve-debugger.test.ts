import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveDebugger } from './index.js';

// The CLI serves its own copy of the built app through `appDir`; these use a stand-in app.
describe('serveDebugger with appDir', () => {
  const app = mkdtempSync(join(tmpdir(), 'debug-app-'));
  writeFileSync(join(app, 'index.html'), '<!doctype html><title>stand-in app</title>');
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  it('serves the given folder, with the preload beside it', async () => {
    const server = await serveDebugger({ appDir: app, preload: { name: 't.jinja', source: '{{ x }}' } });
    try {
      expect(await (await fetch(server.url)).text()).toContain('stand-in app');
      expect(await (await fetch(new URL('preload.json', server.url))).json()).toEqual({ name: 't.jinja', source: '{{ x }}' });
    } finally {
      await server.close();
    }
  });

  it('rejects a folder without index.html, naming it', async () => {
    const empty = join(app, 'missing');
    await expect(serveDebugger({ appDir: empty })).rejects.toThrow(join(empty, 'index.html'));
  });
});
