// The packages as a user installs them: every publishable package is packed with pnpm, the
// tarballs go into a fresh npm project in the system's temp folder (no workspace, no links),
// and there the README snippets and the `autoparser` binary must work. Nothing is kept
// between runs: the tarballs, the project and npm's cache are made anew and removed after.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageSnippets } from '@autoparser/doc-snippets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishablePackages } from './publishable.js';
import { installTarballs, packAll, run, start, type PackedPackage } from './user-project.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { packageManager: string };
const own = JSON.parse(readFileSync(join(root, 'tools/pack-check/package.json'), 'utf8')) as { devDependencies: Record<string, string> };
const packages = publishablePackages(root);
const EXAMPLES = ['Qwen3-Coder.jinja', 'get-weather.request.json', 'get-weather.output.txt'];
// Packed and linted like the others, but not installed: the server brings node-llama-cpp
// (native binaries), which the CLI loads only for `serve`, as an optional peer dependency; the
// AI SDK middleware and the node-llama-cpp chat wrapper work only beside a runtime the user
// installs (`ai`, node-llama-cpp), so their README snippets run in tools/doc-snippets.
const NOT_INSTALLED = new Set(['@autoparser/server', '@autoparser/ai-sdk', '@autoparser/node-llama-cpp']);

let scratch = '';
let project = '';
let packed: PackedPackage[] = [];

/** `npx autoparser …` in the user's project; `--no` so npx never fetches one from the registry. */
const autoparser = (args: readonly string[]) => run('npx', ['--no', 'autoparser', ...args], project);

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'autoparser-pack-'));
  project = join(scratch, 'project');
  mkdirSync(project);
  packed = packAll(packages, join(scratch, 'tarballs'), packageManager);
  installTarballs(project, packed.filter((p) => !NOT_INSTALLED.has(p.name)).map((p) => p.tarball));
  for (const file of EXAMPLES) copyFileSync(join(root, 'apps/cli/examples', file), join(project, file));
}, 240_000);

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

describe('the packed packages', () => {
  it('packs every publishable package, each built first (a dev dependency of this check)', () => {
    expect(packages.map((p) => p.name)).toEqual(expect.arrayContaining(['@autoparser/core', '@autoparser/cli']));
    // Turbo builds only this check's dependencies before it: a package missing here would be packed unbuilt.
    for (const pkg of packages) expect(own.devDependencies, pkg.name).toHaveProperty([pkg.name]);
    expect(packed.map((p) => p.name)).toEqual(packages.map((p) => p.name));
  });

  it('installs manifests that say what each package is', () => {
    for (const pkg of packages.filter((p) => !NOT_INSTALLED.has(p.name))) {
      const manifest = JSON.parse(readFileSync(join(project, 'node_modules', pkg.name, 'package.json'), 'utf8')) as Record<string, unknown>;
      expect(typeof manifest.description, pkg.name).toBe('string');
      expect(manifest.license, pkg.name).toBe('MIT');
      expect(Array.isArray(manifest.keywords) && manifest.keywords.length > 0, `${pkg.name} keywords`).toBe(true);
      expect(manifest.private, pkg.name).toBeUndefined();
      // pnpm pack must have replaced every workspace range with a version.
      expect(JSON.stringify(manifest.dependencies ?? {}), pkg.name).not.toContain('workspace:');
    }
  });

  // Both read the tarball itself, i.e. exactly what would be published.
  const tool = (name: string) => join(root, 'tools/pack-check/node_modules/.bin', name);
  const tarballOf = (name: string) => packed.find((p) => p.name === name)?.tarball ?? `(no tarball for ${name})`;
  for (const pkg of packages) {
    it(`${pkg.name}: publint --strict finds nothing`, () => {
      const { status, stdout, stderr } = run(tool('publint'), ['run', tarballOf(pkg.name), '--strict'], root, process.env);
      expect(status, `${stdout}${stderr}`).toBe(0);
      expect(stdout).toContain('All good!');
    });

    it(`${pkg.name}: are the types wrong? no (ESM-only profile)`, () => {
      const { status, stdout, stderr } = run(tool('attw'), ['--profile', 'esm-only', '--format', 'ascii', tarballOf(pkg.name)], root, process.env);
      expect(status, `${stdout}${stderr}`).toBe(0);
    });
  }

  it('installs them alone: no workspace-only package is needed', () => {
    const installed = readdirSync(join(project, 'node_modules/@autoparser')).sort();
    expect(installed).toEqual(packages.filter((p) => !NOT_INSTALLED.has(p.name)).map((p) => p.name.replace('@autoparser/', '')).sort());
    const lock = readFileSync(join(project, 'package-lock.json'), 'utf8');
    expect(lock).not.toContain('@autoparser/debug');
    expect(lock).not.toContain('@autoparser/conformance');
    // The CLI's optional peer dependency is not pulled in, nor the engine behind it.
    expect(lock).not.toContain('node-llama-cpp');
  });
});

describe('README snippets from the tarballs', () => {
  const installedReadmes = new Set(packages.filter((p) => !NOT_INSTALLED.has(p.name)).map((p) => `${p.path}/README.md`));
  const firsts = packageSnippets(root).filter((s) => s.index === 1 && installedReadmes.has(s.readme));

  it('has a first snippet for every published library package', () => {
    const libraries = packages.filter((p) => p.path.startsWith('packages/') && !NOT_INSTALLED.has(p.name)).map((p) => `${p.path}/README.md`);
    expect(firsts.map((s) => s.readme).sort()).toEqual(libraries.sort());
  });

  for (const snippet of firsts) {
    it(`${snippet.readme} snippet 1 runs`, () => {
      const file = join(project, `${snippet.readme.split('/')[1]}-snippet.mjs`);
      writeFileSync(file, snippet.code);
      const { status, stderr } = run(process.execPath, [file], project);
      expect(status, stderr).toBe(0);
    });
  }
});

describe('npx autoparser from the tarballs', () => {
  it('analyze --json prints the analysis', () => {
    const { status, stdout, stderr } = autoparser(['analyze', 'Qwen3-Coder.jinja', '--json']);
    expect(status, stderr).toBe(0);
    const report = JSON.parse(stdout) as { template: string; analysis: { tools: { format: { mode: string } } } };
    expect(report.template).toMatch(/Qwen3-Coder\.jinja$/);
    expect(report.analysis.tools.format.mode).not.toBe('NONE');
  });

  it('parse reads the model output into a message with its tool call', () => {
    const { status, stdout, stderr } = autoparser(['parse', 'Qwen3-Coder.jinja', '--request', 'get-weather.request.json', '--input', 'get-weather.output.txt']);
    expect(status, stderr).toBe(0);
    const message = JSON.parse(stdout) as { content: string; tool_calls: { function: { name: string; arguments: string } }[] };
    expect(message.content).toBe('Let me check the forecast.\n');
    expect(message.tool_calls.map((c) => [c.function.name, JSON.parse(c.function.arguments) as unknown])).toEqual([['get_weather', { location: 'Paris', days: 3 }]]);
  });

  it('debug --no-open serves the debugger from the package, assets included', async () => {
    const server = start('npx', ['--no', 'autoparser', 'debug', 'Qwen3-Coder.jinja', '--no-open', '--port', '0'], project);
    try {
      const [url] = await server.waitFor(/http:\/\/127\.0\.0\.1:\d+\//);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('template debugger');
      // The page is only useful with its script: fetch what the HTML points at.
      const script = /<script[^>]*src="([^"]+)"/.exec(html)?.[1];
      expect(script, html).toBeDefined();
      const asset = await fetch(new URL(script ?? '', url));
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
      const preload = (await (await fetch(new URL('preload.json', url))).json()) as { name: string; source: string };
      expect(preload.name).toBe('Qwen3-Coder.jinja');
    } finally {
      await server.stop();
    }
  });

  it('serve says @autoparser/server is needed when it is not installed, with status 2', () => {
    const { status, stdout, stderr } = autoparser(['serve', 'Qwen3-Coder.jinja']);
    expect(stderr, stdout).toMatch(/@autoparser\/server is not installed/);
    expect(stderr).toMatch(/npm install @autoparser\/server/);
    expect(status).toBe(2);
  });

  it('conformance says it needs a checkout, with status 2', () => {
    const { status, stdout, stderr } = autoparser(['conformance']);
    expect(stderr, stdout).toMatch(/runs only in a checkout of the autoparser repository/);
    expect(status).toBe(2);
  });

  it('ships no source maps of the debugger and no test files', () => {
    const shipped = join(project, 'node_modules/@autoparser/cli/dist');
    expect(existsSync(join(shipped, 'debug-static/index.html'))).toBe(true);
    const files = readdirSync(shipped, { recursive: true }).map(String);
    expect(files.filter((f) => f.startsWith('debug-static') && f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => /\.test\./.test(f))).toEqual([]);
  });
});
