// The CLI's dispatcher: parse, then run one command. Heavy modules (engine, SDK, web host) load
// only for the command that needs them, so `--version` and `--help` answer at once.
import { statSync } from 'node:fs';
import path from 'node:path';
import { APP_VERSION } from '../app/version';
import { parseCommand } from './args';
import { HELP, openHint, PERMISSIONS_HELP, RUN_HELP, SERVE_HELP, TASK_HELP } from './help';
import type { CliIO } from './io';

/** Runs the CLI and answers its exit code (0 ok, 1 failure, 2 usage error, 3 stopped at its budget, 130 interrupted). */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const isDir = (p: string) => {
    try {
      return statSync(path.resolve(io.cwd, p)).isDirectory();
    } catch {
      return false;
    }
  };
  const cmd = parseCommand(argv, isDir);
  switch (cmd.kind) {
    case 'version':
      io.stdout.write(`${APP_VERSION}\n`);
      return 0;
    case 'help':
      io.stdout.write(cmd.topic ? { run: RUN_HELP, serve: SERVE_HELP, permissions: PERMISSIONS_HELP, task: TASK_HELP }[cmd.topic] : HELP);
      return 0;
    case 'open-hint':
      io.stdout.write(openHint(cmd.dir));
      return 0;
    case 'usage-error':
      io.stderr.write(`agent-desk: ${cmd.message} (see agent-desk --help)\n`);
      return 2;
    case 'run': {
      io.beforeEngine?.();
      const { runCommand } = await import('./run');
      return runCommand(cmd.args, io);
    }
    case 'permissions-check': {
      const { runPermissionsCheck } = await import('./permissions-check');
      const dir = projectDir(io, cmd.cwd);
      if (typeof dir === 'object') return usage(io, dir.error);
      return runPermissionsCheck({ projectDir: dir, env: io.env, ...(cmd.settings ? { settingsFile: path.resolve(io.cwd, cmd.settings) } : {}), ...(cmd.mode ? { mode: cmd.mode } : {}) }, io);
    }
    case 'permissions-explain': {
      const { runPermissionsExplain } = await import('./permissions-explain');
      const dir = projectDir(io, cmd.cwd);
      if (typeof dir === 'object') return usage(io, dir.error);
      return runPermissionsExplain(
        { projectDir: dir, env: io.env, tool: cmd.tool, input: cmd.input, json: cmd.json, ...(cmd.settings ? { settingsFile: path.resolve(io.cwd, cmd.settings) } : {}), ...(cmd.mode ? { mode: cmd.mode } : {}) },
        io,
      );
    }
    case 'task-start':
    case 'task-list':
    case 'task-stop':
    case 'task-worker': {
      const t = await import('./task-command');
      if (cmd.kind === 'task-start') return t.runTaskStart(cmd, io);
      if (cmd.kind === 'task-list') return t.runTaskList(cmd, io);
      if (cmd.kind === 'task-stop') return t.runTaskStop(cmd, io);
      io.beforeEngine?.();
      return t.runTaskWorkerCommand(cmd, io);
    }
    case 'serve': {
      io.beforeEngine?.();
      const { runServe } = await import('../web/serve');
      const before = process.exitCode;
      await runServe({
        ...(cmd.dir !== undefined ? { dir: cmd.dir } : {}),
        ...(cmd.port !== undefined ? { port: cmd.port } : {}),
        ...(cmd.host !== undefined ? { host: cmd.host } : {}),
        ...(cmd.token !== undefined ? { token: cmd.token } : {}),
        ...(cmd.trustFolder ? { trustFolder: true } : {}),
        ...(io.self ? { backgroundWorker: io.self } : {}),
      });
      // runServe reports a start-up failure through process.exitCode.
      const code = process.exitCode;
      return typeof code === 'number' && code !== before ? code : 0;
    }
  }
}

function usage(io: CliIO, message: string): number {
  io.stderr.write(`agent-desk: ${message}\n`);
  return 2;
}

/** `--cwd DIR` (default: where the command runs), which must be a folder. */
function projectDir(io: CliIO, cwd: string | null): string | { error: string } {
  const dir = path.resolve(io.cwd, cwd ?? '.');
  try {
    return statSync(dir).isDirectory() ? dir : { error: `not a directory: ${dir}` };
  } catch {
    return { error: `no such directory: ${dir}` };
  }
}
