// Glob's fast listing: `rg --files` walks the tree natively (one spawn instead of a JS directory walk),
// with flags that make its ignore handling the same as fs-common/gitignore.ts; the caller still matches
// every listed path with picomatch, so Glob's pattern semantics do not depend on rg's glob dialect.
import path from 'node:path';
import { GREP_VCS_DIRECTORIES } from '../../../shared/tools/grep';
import { spawnLauncher, type Launcher } from '../../process/warm-launch';

/** rg could not list the tree (would not start, or failed): the caller falls back to the JS walk. */
export class RgFilesError extends Error {
  override name = 'RgFilesError';
}

/** The rg file type `fileName` filters by; named so it cannot clash with rg's built-in types. */
const NAME_TYPE = 'agentdeskname';

/**
 * `rg --files` arguments listing every file below `root` a search should see (root last, after `--`);
 * with `fileName` (a glob such as `*.ts`) only the files whose name matches it.
 */
export function rgFilesArgs(root: string, maxDepth?: number, fileName?: string): string[] {
  // --no-config: RIPGREP_CONFIG_PATH must not change results. --no-ignore-global: the JS walk cannot read
  // git's global excludes. No --no-require-git: like the walk, .gitignore counts only inside a repository.
  // `!.git/` etc.: VCS directories (only directories, at any depth) are skipped, as the walk's override does.
  const args = ['--files', '--null', '--hidden', '--no-config', '--no-ignore-global', '--color=never'];
  for (const vcs of GREP_VCS_DIRECTORIES) args.push('--glob', `!${vcs}/`);
  if (maxDepth !== undefined) args.push('--max-depth', String(maxDepth));
  // A type, not a --glob: rg applies types after its ignore rules, while a --glob would override them.
  if (fileName !== undefined) args.push('--type-add', `${NAME_TYPE}:${fileName}`, '--type', NAME_TYPE);
  args.push('--', root);
  return args;
}

function isPathError(line: string): boolean {
  // rg's per-path messages ("rg: /p: Permission denied (os error 13)"): the JS walk skips those paths too.
  return /\(os error \d+\)\s*$/.test(line);
}

export interface RgFilesOptions {
  rgPath: string;
  env: Readonly<Record<string, string | undefined>>;
  maxDepth?: number;
  /** Only files whose name matches this glob (a pre-filter: `keep` still decides). */
  fileName?: string;
  signal?: AbortSignal;
  /** Starts rg (default: a spawn; the Glob tool passes a warm-shell launcher). */
  launch?: Launcher;
}

/**
 * The files rg lists below `root` for which `keep(rel)` holds ('/'-separated path relative to `root`),
 * as absolute paths. Output is parsed as it streams, so only kept paths are held in memory.
 */
export function rgListFiles(root: string, keep: (rel: string) => boolean, opts: RgFilesOptions): Promise<string[]> {
  return new Promise<string[]>((resolve, reject) => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.env)) if (v !== undefined) env[k] = v;
    const child = (opts.launch ?? spawnLauncher)(opts.rgPath, rgFilesArgs(root, opts.maxDepth, opts.fileName), { cwd: root, env });
    const prefix = root.endsWith(path.sep) ? root : root + path.sep;
    const kept: string[] = [];
    let pending = '';
    let stderr = '';
    const take = (p: string) => {
      if (p === '') return;
      const rel = p.startsWith(prefix) ? p.slice(prefix.length) : path.relative(root, p);
      if (keep(path.sep === '/' ? rel : rel.split(path.sep).join('/'))) kept.push(path.join(root, rel));
    };
    const stop = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      child.stdout.destroy();
      child.stderr.destroy();
    };
    opts.signal?.addEventListener('abort', stop, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (s: string) => {
      const parts = (pending + s).split('\0');
      pending = parts.pop() ?? '';
      for (const p of parts) take(p);
    });
    child.stderr.on('data', (b: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += b.toString('utf8');
    });
    child.on('error', (err) => {
      opts.signal?.removeEventListener('abort', stop);
      reject(new RgFilesError(`could not run ripgrep (${opts.rgPath}): ${err.message}`));
    });
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', stop);
      if (opts.signal?.aborted) {
        resolve(kept);
        return;
      }
      const errors = stderr.split('\n').map((l) => l.trimEnd()).filter((l) => l !== '' && !isPathError(l));
      // 0: files listed; 1: none; 2 with only per-path errors: the rest was listed.
      if (code === 0 || code === 1 || (code === 2 && errors.length === 0)) {
        take(pending);
        resolve(kept);
      } else {
        reject(new RgFilesError(errors.join('\n') || `ripgrep failed (exit code ${String(code)})`));
      }
    });
  });
}
