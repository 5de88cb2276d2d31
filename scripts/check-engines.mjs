#!/usr/bin/env node
// Fails when an installed dependency declares an engines.node range that the project's floor
// (package.json engines.node, e.g. ">=20.19") does not satisfy. Guards against a bump that
// silently pulls a Node-22-only major.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const floor = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
const floorVersion = parseVersion(floor.replace(/^>=\s*/, ''));
const current = parseVersion(process.versions.node);

function parseVersion(text) {
  const [maj = 0, min = 0, pat = 0] = text
    .trim()
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
  return [maj, min, pat];
}
function cmp(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
// Minimal semver range check for the forms engines fields use: ">=x", "^x", "~x", "x.x",
// "a || b", "a b" (intersection), "x - y", "*".
function satisfies(version, range) {
  return range.split('||').some((alt) => {
    const t = alt.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1');
    if (t === '' || t === '*' || t === 'x') return true;
    const hyphen = t.match(/^(\S+)\s+-\s+(\S+)$/);
    if (hyphen)
      return cmp(version, parseVersion(hyphen[1])) >= 0 && cmp(version, parseVersion(hyphen[2])) <= 0;
    return t.split(/\s+/).every((c) => comparator(version, c));
  });
}
function comparator(v, c) {
  const m = c.match(/^(>=|<=|>|<|=|\^|~)?v?([\dx*.]+)$/);
  if (!m) return true;
  const op = m[1] ?? '=';
  const parts = m[2].split('.');
  const base = parseVersion(m[2].replace(/[x*]/g, '0'));
  switch (op) {
    case '>=':
      return cmp(v, base) >= 0;
    case '>':
      return cmp(v, base) > 0;
    case '<=':
      return cmp(v, base) <= 0;
    case '<':
      return cmp(v, base) < 0;
    case '^':
      return cmp(v, base) >= 0 && v[0] === base[0];
    case '~':
      return cmp(v, base) >= 0 && v[0] === base[0] && v[1] === base[1];
    default:
      return parts.every((p, i) => p === 'x' || p === '*' || Number(p) === v[i]);
  }
}

const problems = [];
let checked = 0;
function walk(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const full = join(dir, name);
    if (name.startsWith('@')) {
      walk(full);
      continue;
    }
    const manifest = join(full, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const range = pkg.engines?.node;
      checked++;
      if (typeof range === 'string' && !satisfies(floorVersion, range)) {
        problems.push(`${pkg.name}@${pkg.version} requires node ${range}, but the project supports ${floor}`);
      }
    }
    walk(join(full, 'node_modules'));
  }
}
walk(join(root, 'node_modules'));
if (!satisfies(current, floor)) problems.push(`running node ${process.version} is below the floor ${floor}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`engines: ${checked} packages accept node ${floor}`);
