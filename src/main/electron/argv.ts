// `agent-desk DIR`: the project folder named on a command line (ours at start, or a second
// instance's), skipping Electron's own arguments and any flags Chromium or the user added.
import { isAbsolute, resolve } from 'node:path';

/**
 * `defaultApp` is Electron's `process.defaultApp`: true when started as `electron <script> …`, where
 * argv[1] is the script; a packaged app has its arguments right after the executable.
 */
export function projectArg(argv: readonly string[], opts: { defaultApp: boolean; cwd: string }): string | null {
  const args = argv.slice(opts.defaultApp ? 2 : 1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      const next = args[i + 1];
      return next ? absolute(next, opts.cwd) : null;
    }
    if (a.startsWith('-') || a.length === 0) continue;
    // macOS passes -psn_0_12345 on old Finder launches; a bare Electron path is not a project either.
    return absolute(a, opts.cwd);
  }
  return null;
}

/** The task id of `<app> task _worker ID`: this process is a background task's worker, not the app (DK3). */
export function taskWorkerArg(argv: readonly string[], opts: { defaultApp: boolean }): string | null {
  const args = argv.slice(opts.defaultApp ? 2 : 1).filter((a) => !a.startsWith('--'));
  return args.length === 3 && args[0] === 'task' && args[1] === '_worker' && /^[a-z0-9]{6,40}$/.test(args[2]!) ? args[2]! : null;
}

function absolute(p: string, cwd: string): string {
  return isAbsolute(p) ? p : resolve(cwd, p);
}
