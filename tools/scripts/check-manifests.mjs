#!/usr/bin/env node
// Every package users may install (packages/*, apps/*) describes itself in its package.json:
// description, keywords, the root's license, the root's repository with the package's
// directory, homepage, "files" and "engines". Checked in `pnpm lint`.
// Usage: node tools/scripts/check-manifests.mjs [--root <dir>]; prints one line per problem.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const GROUPS = ['packages', 'apps'];

const nonEmptyString = (value) => typeof value === 'string' && value.trim() !== '';
const nonEmptyStrings = (value) => Array.isArray(value) && value.length > 0 && value.every(nonEmptyString);

/** The manifest problems of the workspace at `root`, as `path: message` strings. */
function manifestProblems(root) {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const problems = [];
  for (const group of GROUPS) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const where = `${group}/${name}/package.json`;
      if (!existsSync(join(root, where))) continue;
      const pkg = JSON.parse(readFileSync(join(root, where), 'utf8'));
      const problem = (message) => problems.push(`${where}: ${message}`);
      if (!nonEmptyString(pkg.description)) problem('needs a "description"');
      if (!nonEmptyStrings(pkg.keywords)) problem('needs "keywords" (a non-empty list of strings)');
      if (!nonEmptyString(pkg.license)) problem('needs a "license"');
      else if (pkg.license !== rootManifest.license) problem(`"license" is ${pkg.license}, the repository's is ${rootManifest.license}`);
      const repo = pkg.repository;
      if (typeof repo !== 'object' || repo === null) {
        problem('needs "repository" {type, url, directory}');
      } else {
        if (repo.type !== 'git') problem('"repository.type" must be "git"');
        if (repo.url !== rootManifest.repository?.url) problem(`"repository.url" must be the root's (${rootManifest.repository?.url})`);
        if (repo.directory !== `${group}/${name}`) problem(`"repository.directory" must be "${group}/${name}"`);
      }
      if (!nonEmptyString(pkg.homepage)) problem('needs a "homepage"');
      if (!nonEmptyStrings(pkg.files)) problem('needs "files" (what the tarball holds)');
      if (!nonEmptyString(pkg.engines?.node)) problem('needs "engines.node"');
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flag = process.argv.indexOf('--root');
  const root = flag >= 0 ? resolve(process.argv[flag + 1]) : join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const problems = manifestProblems(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`manifests: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('manifests: ok');
}
