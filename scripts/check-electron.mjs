#!/usr/bin/env node
// Electron's security checklist, checked statically by Electronegativity (issue 16 item 7, DK5): fails
// (exit 1) on any HIGH finding in src/; MEDIUM and LOW ones are printed for review. Offline: its check
// for newer Electron releases fails quietly here, and the Electron version is passed in.
// Usage: node scripts/check-electron.mjs [ROOT]   (ROOT defaults to the repo; tests point it at fixtures)
import fs, { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(process.argv[2] ?? repo);
const require = createRequire(import.meta.url);
const entry = require.resolve('@doyensec/electronegativity/dist/index.js');
// Electronegativity uses commander without declaring it and relies on finding v5 (its own @electron/asar's):
// in this tree another package's newer commander would be found first, so its requests are sent there.
const Module = require('node:module');
const asarCommander = require.resolve('commander', { paths: [dirname(require.resolve('@electron/asar/package.json', { paths: [dirname(entry)] }))] });
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === 'commander' && parent?.filename?.includes(`${'@doyensec'}/electronegativity`)) return asarCommander;
  return resolveFilename.call(this, request, parent, ...rest);
};

// Electronegativity's own checks of an Electron version older than ours, but the closest it knows.
const electron = JSON.parse(readFileSync(join(repo, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
// Its CSV output is two asynchronous fs.writeFile calls at once, the header (truncating) and the rows
// (appending): on a busy machine the rows can land first and the header's truncation then erases them
// (seen: "0 findings" for a window with Node integration). So the two writes are taken as they are
// issued, in order, instead of reading the file back.
const out = join(tmpdir(), `electronegativity-${process.pid}-findings.csv`);
let header = '';
let csv = null;
const writeFile = fs.writeFile;
fs.writeFile = function (file, data, opts, cb) {
  if (file !== out) return writeFile.apply(this, arguments);
  const done = typeof opts === 'function' ? opts : cb;
  if (typeof opts === 'object' && opts?.flag === 'a') csv = header + String(data);
  else header = String(data);
  done?.(null);
};
const quiet = { log: console.log, info: console.info, warn: console.warn };
console.log = console.info = console.warn = () => {};
process.argv = [process.argv[0], entry, '-i', join(root, 'src'), '-e', '38.0.0', '-r', '-v', 'false', '-o', out];
await import(entry);
// The rows are written when its (asynchronous) scan is done; wait for them.
const deadline = Date.now() + 120_000;
while (csv === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
Object.assign(console, quiet);
fs.writeFile = writeFile;
if (csv === null) {
  console.error('check-electron: Electronegativity wrote no findings within 2 minutes');
  process.exit(1);
}

/** One CSV row: issue, severity, confidence, filename, location, sample, description, url. */
function parseRow(line) {
  const cells = [];
  const re = /\s*("(?:[^"]|"")*"|[^,]*)\s*(?:,|$)/g;
  let m;
  while ((m = re.exec(line)) && m[0] !== '') cells.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
  return cells;
}
const findings = csv
  .split('\n')
  .slice(1)
  .filter((l) => l.trim())
  .map(parseRow)
  .map(([issue, severity, confidence, file, location, , description]) => ({ issue, severity, confidence, file, location, description }));
const high = findings.filter((f) => f.severity === 'HIGH');
for (const f of findings) {
  const line = `${f.severity.padEnd(6)} ${f.issue} ${f.file}:${f.location} — ${f.description}`;
  if (f.severity === 'HIGH') console.error(`error ${line}`);
  else console.log(`review ${line}`);
}
console.log(`check-electron: ${findings.length} finding(s), ${high.length} high (Electron ${electron}; checks of Electron 38, the newest Electronegativity knows)`);
process.exit(high.length > 0 ? 1 : 0);
