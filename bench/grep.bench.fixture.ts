// The Grep bench's tree: 20,000 searchable source-like files (plus ignored and binary ones) generated
// from a fixed seed, so every run and every machine searches the same bytes. Written once under the OS
// temp directory and reused while its marker matches (delete the folder to regenerate).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prng, WORDS } from './lib/prng';

export const FIXTURE_VERSION = 1;

export interface GrepFixture {
  dir: string;
  /** Files a search sees (not ignored, not binary). */
  searchable: number;
  /** Files .gitignore hides. */
  ignored: number;
  binary: number;
  bytes: number;
  reused: boolean;
}

const EXTS = ['ts', 'js', 'py', 'go', 'md', 'json', 'rs', 'tsx'];

function sourceFile(rand: () => number, ext: string, id: number): string {
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
  const lines: string[] = [];
  const n = 20 + Math.floor(rand() * 40);
  for (let k = 0; k < n; k++) {
    const r = rand();
    if (r < 0.01) lines.push(`  // TODO: ${pick()} ${pick()} before release`);
    else if (r < 0.0115) lines.push(`  const marker = "needle_${id}_${k}";`);
    else if (r < 0.08) lines.push(`export function ${pick()}${pick()[0]!.toUpperCase()}${pick().slice(1)}(${pick()}: number) {`);
    else if (r < 0.12) lines.push('}');
    else lines.push(`${'  '.repeat(Math.floor(rand() * 3))}${pick()} = ${pick()}(${pick()}, ${Math.floor(rand() * 1000)}); // ${pick()} ${pick()}`);
  }
  if (ext === 'json') return JSON.stringify({ id, lines }, null, 2) + '\n';
  return lines.join('\n') + '\n';
}

export function fixtureDir(searchable: number): string {
  return path.join(os.tmpdir(), `agent-desk-grep-bench-v${FIXTURE_VERSION}-${searchable}`);
}

export function ensureGrepFixture(searchable = 20_000): GrepFixture {
  const dir = fixtureDir(searchable);
  const marker = path.join(dir, '.fixture-complete.json');
  if (existsSync(marker)) {
    const meta = JSON.parse(readFileSync(marker, 'utf8')) as Omit<GrepFixture, 'reused' | 'dir'> & { version: number };
    if (meta.version === FIXTURE_VERSION && meta.searchable === searchable) return { ...meta, dir, reused: true };
  }
  rmSync(dir, { recursive: true, force: true });
  const rand = prng(20_000);
  let bytes = 0;
  const write = (rel: string, content: string | Buffer) => {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
    bytes += content.length;
  };
  write('.git/HEAD', 'ref: refs/heads/main\n');
  write('.gitignore', 'generated/\n*.log\n.fixture-complete.json\n');
  // 20 top directories × 10 subdirectories × 100 files.
  const perLeaf = 100;
  const leaves = Math.ceil(searchable / perLeaf);
  let made = 0;
  for (let leaf = 0; leaf < leaves && made < searchable; leaf++) {
    const rel = path.join(`pkg${String(Math.floor(leaf / 10)).padStart(2, '0')}`, `mod${String(leaf % 10)}`);
    for (let f = 0; f < perLeaf && made < searchable; f++, made++) {
      const ext = EXTS[made % EXTS.length]!;
      write(path.join(rel, `file${String(f).padStart(3, '0')}.${ext}`), sourceFile(rand, ext, made));
    }
  }
  let ignored = 0;
  for (let k = 0; k < 1000; k++, ignored++) write(path.join('generated', `g${k}.ts`), sourceFile(rand, 'ts', 100_000 + k));
  for (let k = 0; k < 100; k++, ignored++) write(path.join('logs', `run${k}.log`), sourceFile(rand, 'log', 200_000 + k));
  let binary = 0;
  for (let k = 0; k < 40; k++, binary++) {
    const bin = Buffer.alloc(4096);
    for (let b = 0; b < bin.length; b++) bin[b] = Math.floor(rand() * 256);
    bin[10] = 0;
    write(path.join('assets', `blob${k}.bin`), Buffer.concat([Buffer.from('TODO needle_binary\n'), bin]));
  }
  const meta = { version: FIXTURE_VERSION, searchable: made, ignored, binary, bytes };
  writeFileSync(marker, JSON.stringify(meta));
  return { ...meta, dir, reused: false };
}
