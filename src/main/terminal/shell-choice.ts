// Which program a terminal tab runs: the person's own login shell, chosen from the app's environment only.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

export interface ShellChoice {
  file: string;
  args: string[];
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * `$SHELL` when it names a program that can run, else bash, else sh; on Windows PowerShell, else
 * `%ComSpec%` (cmd). The caller passes the app's own environment: a project's settings never choose it.
 */
export function chooseShell(env: Env, platform: NodeJS.Platform = process.platform, canRun: (file: string) => boolean = executable): ShellChoice {
  if (platform === 'win32') {
    const root = env.SystemRoot ?? 'C:\\Windows';
    const powershell = path.win32.join(root, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe');
    if (canRun(powershell)) return { file: powershell, args: ['-NoLogo'] };
    return { file: env.ComSpec ?? path.win32.join(root, 'System32', 'cmd.exe'), args: [] };
  }
  const own = env.SHELL;
  if (own && path.isAbsolute(own) && canRun(own)) return { file: own, args: [] };
  for (const file of ['/bin/bash', '/usr/bin/bash', '/bin/sh']) if (canRun(file)) return { file, args: [] };
  return { file: '/bin/sh', args: [] };
}
