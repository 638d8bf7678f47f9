// Programs started in a warm shell (rg for Grep and Glob): the env is made exactly the program's, the
// child is the program (same pid after exec), exit codes and output come through, and anything
// unusual (missing program, bad cwd, unsettable variable) falls back to a plain spawn.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolUseContext } from '../core/tool';
import { execScript, launchInWarmShell, sessionShell, shellWantedNext, warmLauncher, type PipedChild } from './warm-launch';
import { idlePid } from './test-context';
import { createWarmShellPool, type WarmShellPool } from './warm-pool';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function ctxWith(env: Record<string, string | undefined> = {}, upcoming?: ToolUseContext['upcoming']): ToolUseContext {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-launch-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return {
    sessionId: 's',
    projectDir: dir,
    workingDirectories: [dir],
    state: { cwd: dir },
    abortSignal: new AbortController().signal,
    toolResultsDir: path.join(dir, 'results'),
    env,
    log: { debug() {}, info() {}, warn() {}, error() {} },
    tools: [],
    ...(upcoming ? { upcoming } : {}),
  };
}

function newPool(): WarmShellPool {
  const pool = createWarmShellPool();
  cleanups.push(() => pool.dispose());
  return pool;
}

function collect(child: PipedChild): Promise<{ out: string; err: string; code: number | null }> {
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ out, err, code })));
}

describe('execScript', () => {
  it('unsets what the program must not see, exports what differs, quotes every argument', () => {
    const script = execScript('/usr/bin/rg', ["it's", '--', '$HOME'], { A: '1', B: '2', GIT_EDITOR: 'true' }, { A: '1', B: "x'y", C: '3' });
    expect(script).toBe(`unset -v GIT_EDITOR; export B='x'\\''y'; export C='3'; exec '/usr/bin/rg' 'it'\\''s' '--' '$HOME'`);
  });

  it('refuses variables a shell cannot set or owns, and NUL bytes', () => {
    expect(execScript('/bin/rg', [], {}, { 'A-B': '1' })).toBeUndefined();
    expect(execScript('/bin/rg', [], {}, { SHLVL: '5' })).toBeUndefined();
    expect(execScript('/bin/rg', [], { 'BASH_FUNC_f%%': '() { :; }' }, {})).toBeUndefined();
    // Those bash keeps itself are left alone, as a spawned shell would have them.
    expect(execScript('/bin/rg', [], { SHLVL: '1', PWD: '/x' }, {})).toBe(`exec '/bin/rg'`);
    expect(execScript('/bin/rg', [], {}, { BASH_ENV: '/tmp/x' })).toBeUndefined();
    expect(execScript('/bin/rg', ['a\0b'], {}, {})).toBeUndefined();
    expect(execScript('/bin/rg', ['a'], { SHLVL: '1' }, { SHLVL: '1' })).toBe(`exec '/bin/rg' 'a'`);
  });
});

describe('launchInWarmShell', () => {
  it('runs the program in the waiting shell: same pid, its exact env, its output and exit code', async () => {
    const ctx = ctxWith({ AGENT_DESK_LAUNCH_VAR: 'from settings' });
    const pool = newPool();
    const { shell, env: shellEnv } = sessionShell(ctx.env);
    pool.warm(shell, shellEnv);
    const pid = await idlePid(pool);
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ONLY_FOR_PROGRAM: "it's here" };
    const child = launchInWarmShell(pool, ctx, '/usr/bin/env', [], { cwd: ctx.projectDir, env });
    expect(child?.pid).toBe(pid);
    const r = await collect(child!);
    expect(r.code).toBe(0);
    const seen = Object.fromEntries(r.out.trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    // Exactly the given env, apart from the variables bash itself keeps (SHLVL, PWD, OLDPWD, _).
    for (const k of ['SHLVL', 'PWD', 'OLDPWD', '_']) delete seen[k];
    expect(seen).toEqual(env);
    // Without a hint of what follows, a replacement is kept ready.
    expect(await idlePid(pool)).not.toBe(pid);
  });

  it('a replacement is forked only when a call that takes a shell is queued next', async () => {
    const pool = newPool();
    const queued = ctxWith({}, () => ({ queued: ['Read', 'Glob'], streamOpen: false }));
    const { shell, env } = sessionShell(queued.env);
    pool.warm(shell, env);
    await idlePid(pool);
    expect(shellWantedNext(queued)).toBe(true);
    const child = launchInWarmShell(pool, queued, '/bin/sh', ['-c', 'pwd; echo oops >&2; exit 3'], { cwd: queued.projectDir, env: { PATH: '/usr/bin:/bin' } });
    const r = await collect(child!);
    expect(r).toEqual({ out: `${queued.projectDir}\n`, err: 'oops\n', code: 3 });
    await idlePid(pool);
    // Nothing that takes a shell follows: the next one is forked by the warm-up, not now.
    const last = ctxWith({}, () => ({ queued: ['Read'], streamOpen: true }));
    expect(shellWantedNext(last)).toBe(false);
    const lastChild = launchInWarmShell(pool, last, '/bin/sh', ['-c', 'exit 0'], { cwd: last.projectDir, env: { PATH: '/usr/bin:/bin' } });
    expect((await collect(lastChild!)).code).toBe(0);
    await new Promise((res) => setTimeout(res, 50));
    expect(pool.idlePids()).toEqual([]);
    expect(launchInWarmShell(pool, last, '/bin/sh', ['-c', 'exit 0'], { cwd: last.projectDir, env: {} })).toBeUndefined();
  });

  it('a missing program or cwd is left to spawn, which reports it as an error event', async () => {
    const ctx = ctxWith();
    const pool = newPool();
    const { shell, env } = sessionShell(ctx.env);
    pool.warm(shell, env);
    const pid = await idlePid(pool);
    expect(launchInWarmShell(pool, ctx, path.join(ctx.projectDir, 'no-such-rg'), [], { cwd: ctx.projectDir, env: {} })).toBeUndefined();
    expect(launchInWarmShell(pool, ctx, '/bin/sh', [], { cwd: path.join(ctx.projectDir, 'gone'), env: {} })).toBeUndefined();
    expect(pool.idlePids()).toEqual([pid]);
    const launch = warmLauncher(ctx, pool);
    const child = launch(path.join(ctx.projectDir, 'no-such-rg'), [], { cwd: ctx.projectDir, env: {} });
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => child.on('error', resolve));
    expect(error.code).toBe('ENOENT');
  });
});
