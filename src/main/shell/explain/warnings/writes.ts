// BA9: where a part writes or removes files, for the warnings about disks, credentials and start-up files.
import path from 'node:path';
import { hasOption as has, optionValues } from '../../commands/argv';
import { savedFiles } from './network';
import { flags, type Run } from './rule';

const OUTPUT_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/** Where a part writes (or removes) files: redirections on any fd, and the destinations of common writers. */
export function writes(r: Run): string[] {
  const out = r.c.redirects.filter((x) => OUTPUT_OPS.has(x.op) || (x.op === '>&' && !/^(?:\d+|-)?$/.test(x.target))).map((x) => x.target);
  switch (r.name) {
    case 'tee':
    case 'rm':
    case 'unlink':
    case 'shred':
      out.push(...flags(r).operands);
      break;
    case 'truncate':
      out.push(...flags(r, 'sr', ['--size', '--reference']).operands);
      break;
    case 'cp':
    case 'mv':
    case 'ln':
    case 'install':
    case 'rsync': {
      const p = flags(r, r.name === 'install' ? 'tSmog' : r.name === 'rsync' ? 'e' : 'tS', ['--target-directory', '--suffix', '--mode', '--owner', '--group']);
      const dirs = optionValues(p, '-t', '--target-directory');
      const sources = dirs.length > 0 ? p.operands : p.operands.slice(0, -1);
      const dests = dirs.length > 0 ? dirs : p.operands.length > 1 ? [p.operands.at(-1)!] : [];
      // Into a folder, the file keeps its name: `cp dotfiles/.bashrc ~` writes ~/.bashrc.
      for (const d of dests) out.push(d, ...sources.map((s) => `${d}/${path.posix.basename(s)}`));
      break;
    }
    case 'sed': {
      const p = flags(r, 'efl', ['--expression', '--file', '--line-length']);
      if (!has(p, '-i', '--in-place')) break;
      out.push(...(has(p, '-e', '-f', '--expression', '--file') ? p.operands : p.operands.slice(1)));
      break;
    }
    case 'dd':
      out.push(...r.args.filter((a) => a.startsWith('of=')).map((a) => a.slice(3)));
      break;
    default:
      out.push(...savedFiles(r));
  }
  return out;
}
