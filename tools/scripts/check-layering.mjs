#!/usr/bin/env node
// The package layering, checked in `pnpm lint`:
// - a package imports another workspace package only through an entry of its `exports` map
//   (no `@autoparser/x/src/...`), and never reaches into another package by a relative path;
// - every bare import names a package declared in the importer's package.json (`dependencies`
//   or `peerDependencies`; `devDependencies` too for tests, scripts and private packages);
// - the libraries under packages/ depend on each other only downward, as LAYERS says.
// Usage: node tools/scripts/check-layering.mjs [--root <dir>]; prints one line per problem.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The libraries' allowed workspace dependencies (each may also use what those may use).
 * Apps and tools may depend on anything they declare.
 */
const LAYERS = {
  '@autoparser/types': [],
  '@autoparser/diff-utils': [],
  '@autoparser/peg-core': ['@autoparser/types', '@autoparser/diff-utils'],
  '@autoparser/gbnf-emitter': ['@autoparser/types', '@autoparser/peg-core'],
  '@autoparser/jinja': ['@autoparser/types'],
  '@autoparser/template-analyzer': ['@autoparser/types', '@autoparser/diff-utils', '@autoparser/jinja', '@autoparser/peg-core'],
  '@autoparser/chat-mapper': ['@autoparser/types', '@autoparser/peg-core'],
  '@autoparser/workarounds': [
    '@autoparser/types',
    '@autoparser/chat-mapper',
    '@autoparser/template-analyzer',
    '@autoparser/jinja',
    '@autoparser/peg-core',
  ],
  '@autoparser/core': [
    '@autoparser/types',
    '@autoparser/chat-mapper',
    '@autoparser/gbnf-emitter',
    '@autoparser/jinja',
    '@autoparser/peg-core',
    '@autoparser/template-analyzer',
    '@autoparser/workarounds',
    '@autoparser/diff-utils',
  ],
  '@autoparser/ai-sdk': ['@autoparser/core'],
  '@autoparser/node-llama-cpp': ['@autoparser/core'],
};

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.turbo', '.typedoc', '.reports', '.snippets', '.artifacts', 'docs-site']);
const SOURCE_FILE = /\.(?:[cm]?[jt]s|tsx)$/;
// Files that never ship: tests, their helpers, scripts and tool configs.
const DEV_FILE = /(?:\.test\.[cm]?[jt]sx?$|-support\.[cm]?[jt]s$|(?:^|\/)(?:test|test-support|e2e|scripts)\/|\.config\.[cm]?[jt]s$)/;

/** Workspace packages from pnpm-workspace.yaml's `dir/*` globs: `{ dir, manifest }`. */
function workspacePackages(root) {
  const globs = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')
    .split('\n')
    .map((line) => /^\s*-\s*([\w.-]+)\/\*\s*$/.exec(line)?.[1])
    .filter(Boolean);
  const packages = [];
  for (const group of globs) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const file = join(base, name, 'package.json');
      if (existsSync(file)) packages.push({ dir: join(base, name), manifest: JSON.parse(readFileSync(file, 'utf8')) });
    }
  }
  return packages;
}

/** The transitive closure of LAYERS for one library. */
function allowedBelow(name) {
  const seen = new Set();
  const stack = [...(LAYERS[name] ?? [])];
  while (stack.length > 0) {
    const next = stack.pop();
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(LAYERS[next] ?? []));
  }
  return seen;
}

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) sourceFiles(join(dir, entry.name), out);
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

/** `@scope/name/sub` → `['@scope/name', './sub']`; `name` → `['name', '.']`. */
function splitSpecifier(specifier) {
  const parts = specifier.split('/');
  const size = specifier.startsWith('@') ? 2 : 1;
  const rest = parts.slice(size).join('/');
  return [parts.slice(0, size).join('/'), rest === '' ? '.' : `./${rest}`];
}

const BUILTINS = new Set(builtinModules);

/**
 * The module specifiers of one file with their positions: import/export declarations,
 * `import()`, `require()` and `import('x').T` types. A real parse, since a scanner misreads
 * quotes inside regular expression literals.
 */
function moduleSpecifiers(file, text) {
  const kind = /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const add = (node) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, pos: node.getStart(source) });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every layering problem of the workspace at `root`, as `file:line: message` strings. */
function layeringProblems(root) {
  const problems = [];
  const packages = workspacePackages(root);
  const byName = new Map(packages.map((pkg) => [pkg.manifest.name, pkg]));

  for (const { dir, manifest } of packages) {
    const where = relative(root, join(dir, 'package.json'));
    const runtime = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
    const dev = { ...runtime, ...manifest.devDependencies };
    const isLibrary = dir.split(sep).at(-2) === 'packages';

    if (isLibrary) {
      if (!(manifest.name in LAYERS)) {
        problems.push(`${where}: ${manifest.name} has no place in the layering (add it to LAYERS in tools/scripts/check-layering.mjs)`);
      } else {
        const allowed = allowedBelow(manifest.name);
        for (const dep of Object.keys(runtime)) {
          if (byName.has(dep) && !allowed.has(dep)) {
            problems.push(`${where}: ${manifest.name} may not depend on ${dep} (allowed: ${[...allowed].join(', ') || 'none'})`);
          }
        }
      }
    }

    for (const file of sourceFiles(dir)) {
      const path = relative(root, file);
      const inPackage = relative(dir, file).split(sep).join('/');
      const shipped = isLibrary && !DEV_FILE.test(inPackage);
      const declared = shipped && !manifest.private ? runtime : dev;
      const text = readFileSync(file, 'utf8');
      for (const { specifier, pos } of moduleSpecifiers(file, text)) {
        const line = text.slice(0, pos).split('\n').length;
        const at = `${path}:${line}`;
        if (specifier.startsWith('.')) {
          const target = resolve(dirname(file), specifier.replace(/\?.*$/, ''));
          if (relative(dir, target).startsWith('..')) {
            problems.push(`${at}: relative import '${specifier}' leaves ${manifest.name}; import the other package by name`);
          } else if (shipped && DEV_FILE.test(relative(dir, target).split(sep).join('/'))) {
            problems.push(`${at}: shipped code imports the test helper '${specifier}'`);
          }
          continue;
        }
        if (specifier.startsWith('node:') || BUILTINS.has(specifier) || specifier.startsWith('/')) continue;
        const [name, subpath] = splitSpecifier(specifier);
        if (name === manifest.name) continue;
        if (!(name in declared)) {
          const kind = declared === runtime ? 'dependencies' : 'dependencies or devDependencies';
          problems.push(`${at}: '${specifier}' is not declared in ${manifest.name}'s ${kind}`);
          continue;
        }
        const target = byName.get(name);
        if (target) {
          const exported = Object.keys(target.manifest.exports ?? { '.': null });
          if (!exported.includes(subpath)) {
            problems.push(`${at}: deep import '${specifier}'; ${name} exports only ${exported.join(', ')}`);
          }
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flag = process.argv.indexOf('--root');
  const root = flag >= 0 ? resolve(process.argv[flag + 1]) : join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const problems = layeringProblems(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`layering: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('layering: ok');
}
