// Grep through `rg`: arguments built from the request (Claude Code's: --hidden, VCS directories excluded
// by --glob, --max-columns 500, -U --multiline-dotall, -i, -l/-c, context, --type, --glob), run in the
// search directory so --glob patterns are relative to it, and its NUL-separated output parsed into hits.
// Exit 1 is "no matches"; exit 2 is an error unless it only reports unreadable paths.
import path from 'node:path';
import { GREP_MAX_COLUMNS } from '../../../shared/tools/grep';
import { spawnLauncher, type Launcher } from '../../process/warm-launch';
import { GrepError } from './errors';
import type { FileHit, HitLine, SearchBackend, SearchRequest, SearchResult } from './search-types';

/** stderr kept for error messages. */
const MAX_STDERR_BYTES = 64 * 1024;
const MAX_ERROR_NOTES = 5;

/** `rg` arguments for a request (the search path last, after `--`). */
export function ripgrepArgs(req: SearchRequest): string[] {
  // --no-config: a user's RIPGREP_CONFIG_PATH must not change the results; --no-ignore-global: the
  // built-in search cannot read git's global excludes, and both backends must agree.
  const args = ['--no-config', '--color=never', '--no-heading', '--with-filename', '--null', '--hidden', '--no-ignore-global'];
  args.push('--max-columns', String(GREP_MAX_COLUMNS));
  if (req.multiline) args.push('-U', '--multiline-dotall');
  if (req.caseInsensitive) args.push('-i');
  if (req.mode === 'files_with_matches') args.push('--files-with-matches');
  else if (req.mode === 'count') args.push('--count');
  else {
    args.push('--line-number');
    if (req.before > 0) args.push('-B', String(req.before));
    if (req.after > 0) args.push('-A', String(req.after));
  }
  if (req.type) args.push('--type', req.type);
  for (const g of req.globs) args.push('--glob', g);
  // `--regexp=` keeps a pattern that starts with "-" a pattern.
  args.push(`--regexp=${req.pattern}`, '--', req.root);
  return args;
}

const BINARY_NOTICE = /^: binary file matches \(found "\\0" byte around offset (\d+)\)$/;

/** Parses rg's `--null --with-filename` output. Paths are as rg printed them (absolute). */
export function parseRipgrepOutput(out: Buffer, mode: SearchRequest['mode']): FileHit[] {
  if (mode === 'files_with_matches') {
    const parts = out.toString('utf8').split('\0');
    // The last piece is '' after the final NUL, or a path cut off by the output cap.
    parts.pop();
    return parts.filter((p) => p !== '').map((p) => ({ path: p }));
  }
  const hits = new Map<string, FileHit>();
  const hitFor = (p: string) => {
    let h = hits.get(p);
    if (!h) {
      h = { path: p };
      hits.set(p, h);
    }
    return h;
  };
  let start = 0;
  while (start < out.length) {
    let end = out.indexOf(10, start);
    // A line without its "\n" was cut off (output cap): drop it.
    if (end < 0) break;
    const nul = out.indexOf(0, start);
    if (nul < 0 || nul > end) {
      // `--`, or a binary notice (`path: binary file matches …`, no NUL).
      const line = out.toString('utf8', start, end);
      const colon = line.lastIndexOf(': binary file matches');
      if (colon > 0 && mode === 'content') {
        const m = BINARY_NOTICE.exec(line.slice(colon));
        if (m) hitFor(line.slice(0, colon)).binaryOffset = Number(m[1]);
      }
      start = end + 1;
      continue;
    }
    const file = out.toString('utf8', start, nul);
    if (mode === 'count') {
      hitFor(file).count = Number(out.toString('utf8', nul + 1, end));
    } else {
      // `N:text` (match) or `N-text` (context); the text may itself hold NULs of a converted binary.
      let k = nul + 1;
      while (k < end && out[k]! >= 0x30 && out[k]! <= 0x39) k++;
      const n = Number(out.toString('utf8', nul + 1, k));
      const line: HitLine = { n, match: out[k] === 0x3a, text: out.toString('utf8', k + 1, end) };
      const h = hitFor(file);
      (h.lines ??= []).push(line);
    }
    start = end + 1;
  }
  return [...hits.values()];
}

function isPathError(line: string): boolean {
  // rg's per-path messages: "rg: /some/path: Permission denied (os error 13)".
  return /\(os error \d+\)\s*$/.test(line) || /^rg: .+: (Permission denied|No such file or directory|Is a directory)/.test(line);
}

/** `launch` starts rg (default: a spawn; the Grep tool passes a warm-shell launcher). */
export function createRipgrepBackend(rgPath: string, env: Readonly<Record<string, string | undefined>> = {}, launch: Launcher = spawnLauncher): SearchBackend {
  return {
    name: 'ripgrep',
    search(req: SearchRequest): Promise<SearchResult> {
      return new Promise<SearchResult>((resolve, reject) => {
        const cwd = req.rootIsFile ? path.dirname(req.root) : req.root;
        const cleanEnv: Record<string, string> = {};
        for (const [k, v] of Object.entries(env)) if (v !== undefined) cleanEnv[k] = v;
        const child = launch(rgPath, ripgrepArgs(req), { cwd, env: cleanEnv });
        const chunks: Buffer[] = [];
        let stdoutBytes = 0;
        let stderr = '';
        let incomplete: string | undefined;
        const stop = () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          // A stray grandchild holding the pipes open must not keep the call waiting.
          child.stdout.destroy();
          child.stderr.destroy();
        };
        const onAbort = () => stop();
        req.signal.addEventListener('abort', onAbort, { once: true });
        child.stdout.on('data', (b: Buffer) => {
          if (incomplete) return;
          chunks.push(b);
          stdoutBytes += b.length;
          if (stdoutBytes > req.maxOutputBytes) {
            incomplete = `output exceeded ${Math.round(req.maxOutputBytes / 1e6)} MB`;
            stop();
          }
        });
        child.stderr.on('data', (b: Buffer) => {
          if (stderr.length < MAX_STDERR_BYTES) stderr += b.toString('utf8');
        });
        child.on('error', (err) => {
          req.signal.removeEventListener('abort', onAbort);
          reject(new GrepError(`could not run ripgrep (${rgPath}): ${err.message}`, 'Grep: ripgrep failed to start'));
        });
        child.on('close', (code) => {
          req.signal.removeEventListener('abort', onAbort);
          const stderrLines = stderr.split('\n').map((l) => l.trimEnd()).filter(Boolean);
          const pathErrors = stderrLines.filter(isPathError);
          if (code === 2 && !incomplete && !req.signal.aborted && pathErrors.length < stderrLines.length) {
            const message = stderrLines.filter((l) => !isPathError(l)).join('\n') || `ripgrep failed (exit code ${code})`;
            const telemetry = /regex parse error|not allowed in a regex/.test(message) ? 'Grep: invalid regex' : /unrecognized file type/.test(message) ? 'Grep: unknown type' : 'Grep: ripgrep error';
            reject(new GrepError(message, telemetry));
            return;
          }
          const notes = pathErrors.slice(0, MAX_ERROR_NOTES).map((l) => l.replace(/^rg: /, ''));
          if (pathErrors.length > MAX_ERROR_NOTES) notes.push(`… and ${pathErrors.length - MAX_ERROR_NOTES} more paths that could not be read`);
          resolve({ hits: parseRipgrepOutput(Buffer.concat(chunks), req.mode), notes, ...(incomplete ? { incomplete } : {}) });
        });
      });
    },
  };
}
