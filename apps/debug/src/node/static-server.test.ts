import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveUnder, startStaticServer, type StaticServer } from './static-server.js';

let root: string;
let server: StaticServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'autoparser-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(tmpdir(), 'autoparser-static-secret.txt'), 'secret');
  server = await startStaticServer({ root, port: 0, files: { '/preload.json': { body: '{"name":"x"}', type: 'application/json' } } });
});

afterAll(async () => {
  await server.close();
});

describe('startStaticServer', () => {
  it('listens on localhost on a free port', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
  });

  it('serves index.html at / and files with their content type', async () => {
    const index = await fetch(server.url);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await index.text()).toContain('<title>app</title>');
    const script = await fetch(new URL('assets/app.js', server.url));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('serves the extra files, uncached', async () => {
    const preload = await fetch(new URL('preload.json', server.url));
    expect(preload.headers.get('cache-control')).toBe('no-store');
    expect(await preload.json()).toEqual({ name: 'x' });
  });

  it('answers 404 for missing files and paths leaving the folder, 405 for other methods', async () => {
    expect((await fetch(new URL('nope.js', server.url))).status).toBe(404);
    expect((await fetch(`${server.url}..%2Fautoparser-static-secret.txt`)).status).toBe(404);
    expect((await fetch(new URL('assets', server.url))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
  });
});

describe('resolveUnder', () => {
  it('maps URL paths into the folder and refuses to leave it', () => {
    expect(resolveUnder('/srv/app', '/')).toBe('/srv/app/index.html');
    expect(resolveUnder('/srv/app', '/assets/a%20b.js')).toBe('/srv/app/assets/a b.js');
    expect(resolveUnder('/srv/app', '/../etc/passwd')).toBeUndefined();
    expect(resolveUnder('/srv/app', '/%2e%2e/etc/passwd')).toBeUndefined();
    expect(resolveUnder('/srv/app', '/a%00b')).toBeUndefined();
    expect(resolveUnder('/srv/app', '/%E0%A4%A')).toBeUndefined();
  });
});
