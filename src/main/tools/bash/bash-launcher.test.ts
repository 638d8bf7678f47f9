// Bash commands started by the launcher shell, against real processes: the launcher forked for one call
// serves the next, cd persists, stdin is empty, SHLVL and OLDPWD read as after a spawn, a command over
// the argument limit arrives intact, timeout/Stop kill the command's tree, a changed env is set by the
// job's prelude, sandboxed calls never use it, and an idle launcher neither holds the process nor outlives it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BashInput, BashOutput } from '../../../shared/tools/bash';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import type { CanUseTool, ToolUseContext } from '../core/tool';
import { createBashTool } from './bash.tool';
import { isProcessAlive } from '../../process/kill-tree';
import { LAUNCHER_SLOTS } from '../../process/launcher-shell';
import { createLauncherShells, type LauncherShells } from '../../process/launchers';
import { tempProject, type TempProject } from '../core/test-project';
import { launcherPid } from '../../process/test-support';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function setup(env: Record<string, string | undefined> = {}): TempProject {
  const p = tempProject(env);
  cleanups.push(p.cleanup);
  return p;
}

/** The app's own environment for one test (launchers are forked with it, never with a settings env). */
function withAppEnv(vars: Record<string, string | undefined>): void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const put = (v: Record<string, string | undefined>) => {
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) delete process.env[k];
      else process.env[k] = x;
    }
  };
  put(vars);
  cleanups.push(() => put(before));
}

function newLaunchers(): LauncherShells {
  const shells = createLauncherShells();
  cleanups.push(() => shells.dispose());
  return shells;
}

async function run(shells: LauncherShells, p: TempProject, input: BashInput, onProgress?: (e: ToolProgress) => void, ctx?: ToolUseContext): Promise<BashOutput> {
  const tool = createBashTool({ launchers: shells });
  const result = await tool.call(tool.inputSchema().parse(input), ctx ?? p.ctx, allow, 'msg-1', (e) => onProgress?.(e));
  return result.data;
}

/** Launchers with one ready (forked by the first call, which spawned). */
async function warmed(p: TempProject): Promise<{ shells: LauncherShells; pid: number }> {
  const shells = newLaunchers();
  await run(shells, p, { command: 'true' });
  return { shells, pid: await launcherPid(shells) };
}

describe('Bash through the launcher shell (BA)', () => {
  it('BA the first call spawns and forks a launcher; the next calls run through it, each in a fresh shell', async () => {
    const p = setup();
    const shells = newLaunchers();
    const first = await run(shells, p, { command: 'echo $$' });
    expect(shells.stats).toMatchObject({ hits: 0, misses: 1 });
    const launcher = await launcherPid(shells);
    const second = await run(shells, p, { command: 'echo "$$|$#"; exit 5' });
    expect(second.exitCode).toBe(5);
    expect(second.stdout).toMatch(/^\d+\|0\n$/);
    expect(second.stdout).not.toBe(first.stdout);
    expect(shells.stats).toMatchObject({ hits: 1, misses: 1, spawned: 1 });
    expect(shells.pids()).toEqual([launcher]);
  });

  it('BA cd persists across calls; OLDPWD and SHLVL read as after a spawn', async () => {
    withAppEnv({ OLDPWD: undefined, SHLVL: '3' });
    const p = setup();
    mkdirSync(path.join(p.dir, 'sub', 'deeper'), { recursive: true });
    const { shells } = await warmed(p);
    await run(shells, p, { command: 'cd sub' });
    expect(p.ctx.state.cwd).toBe(path.join(p.dir, 'sub'));
    const pwd = await run(shells, p, { command: 'pwd; echo "old=${OLDPWD-unset} level=$SHLVL"; cd deeper && exit 4' });
    expect(pwd.stdout).toBe(`${path.join(p.dir, 'sub')}\nold=unset level=4\n`);
    expect(pwd.exitCode).toBe(4);
    expect(p.ctx.state.cwd).toBe(path.join(p.dir, 'sub', 'deeper'));
    expect(shells.stats.hits).toBe(2);
  });

  it('BA the command gets an empty stdin (/dev/null, cat returns at once) and leads its own process group', async () => {
    const p = setup();
    const { shells } = await warmed(p);
    const r = await run(shells, p, { command: 'cat; echo "cat=$?"; read line; echo "read=$?"', timeout: 5_000 });
    expect(r.timedOut).toBe(false);
    expect(r.stdout).toBe('cat=0\nread=1\n');
    if (process.platform === 'linux') {
      const fd0 = await run(shells, p, { command: 'readlink /proc/$$/fd/0; ps -o pgid= -p $$; echo $$' });
      const [stdin, pgid, pid] = fd0.stdout.trim().split('\n').map((s) => s.trim());
      expect(stdin).toBe('/dev/null');
      expect(pgid).toBe(pid);
    }
    expect(shells.stats.hits).toBeGreaterThanOrEqual(2);
  });

  it('BA a command over the argument size limit arrives intact (through a file), with and without the launcher', async () => {
    const p = setup();
    const big = 'x'.repeat(200_000);
    for (const shells of [newLaunchers(), false as const]) {
      if (shells) await run(shells, p, { command: 'true' });
      const tool = createBashTool({ launchers: shells });
      const call = async (v: string) => (await tool.call(tool.inputSchema().parse({ command: `v='${v}'\necho "\${#v} $LINENO"; exit 3` }), p.ctx, allow, 'm', () => undefined)).data;
      const [small, large] = [await call('x'), await call(big)];
      // Line numbers (in error messages too) read the same as for a command passed as an argument.
      expect(large.stdout).toBe(small.stdout.replace(/^1 /, '200000 '));
      expect(large.exitCode).toBe(3);
    }
  });

  it('PL5/BA a timeout kills the whole tree of a launched command', async () => {
    const p = setup();
    const { shells } = await warmed(p);
    const r = await run(shells, p, { command: 'sleep 100 & echo "child=$!"; echo "shell=$$"; sleep 100', timeout: 1_000 });
    expect(r.timedOut).toBe(true);
    const pids = [...r.stdout.matchAll(/=(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    for (const x of pids) expect(isProcessAlive(x)).toBe(false);
    expect(shells.stats.hits).toBe(1);
  });

  it('PL5/BA Stop kills the whole tree of a launched command, including a setsid escapee; the launcher lives on', async () => {
    const p = setup();
    const { shells, pid } = await warmed(p);
    const seen: string[] = [];
    const r = await run(shells, p, { command: 'echo "shell=$$"; sleep 100 & echo "child=$!"; setsid sleep 100 & echo "escapee=$!"; sleep 100' }, (e) => {
      if (e.type === 'output') seen.push(e.text);
      if (seen.join('').includes('escapee=')) p.abort.abort();
    });
    expect(r.interrupted).toBe(true);
    const pids = [...r.stdout.matchAll(/=(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(3);
    for (const x of pids) expect(isProcessAlive(x)).toBe(false);
    expect(isProcessAlive(pid)).toBe(true);
  });

  it('BA a changed env is given by the same launcher; the command sees exactly that env', async () => {
    const p = setup();
    const { shells, pid } = await warmed(p);
    const other = { ...p.ctx, env: { AGENT_DESK_POOL_VAR: "it's other", HOME: undefined } };
    createBashTool({ launchers: shells }).warmUp?.(other);
    const r = await run(shells, p, { command: 'echo "$AGENT_DESK_POOL_VAR|${HOME-unset}"' }, undefined, other);
    expect(r.stdout).toBe("it's other|unset\n");
    expect(shells.stats).toMatchObject({ hits: 1, spawned: 1 });
    expect(shells.pids()).toEqual([pid]);
  });

  it('BA6 a boxed command never uses the launcher; with no sandbox on, dangerouslyDisableSandbox is a plain command', async () => {
    const p = setup();
    const { shells } = await warmed(p);
    await run(shells, p, { command: 'true', dangerouslyDisableSandbox: true });
    expect(shells.stats.hits).toBe(1);
    shells.stats.hits = 0;
    const tool = createBashTool({ launchers: shells, sandbox: { name: 'marker', wrap: (cmd) => ({ launch: cmd }) } });
    await tool.call(tool.inputSchema().parse({ command: 'true' }), p.ctx, allow, 'm', () => undefined);
    expect(shells.stats.hits).toBe(0);
  });

  it('BA a used-up launcher is replaced at once only if another call that starts a program is queued', async () => {
    const p = setup();
    const { shells, pid } = await warmed(p);
    const last = { ...p.ctx, upcoming: () => ({ queued: ['Read'], streamOpen: true }) };
    for (let i = 0; i < LAUNCHER_SLOTS; i++) await run(shells, p, { command: 'true' }, undefined, last);
    await new Promise((res) => setTimeout(res, 100));
    expect(shells.pids().filter((x) => x !== pid)).toEqual([]);
    expect(shells.stats.spawned).toBe(1);
    // The warm-up forks the next one while the model thinks; a second warm-up forks nothing.
    const tool = createBashTool({ launchers: shells });
    tool.warmUp?.(p.ctx);
    tool.warmUp?.(p.ctx);
    expect(shells.stats.spawned).toBe(2);
    const queued = { ...p.ctx, upcoming: () => ({ queued: ['Bash'], streamOpen: false }) };
    for (let i = 0; i < LAUNCHER_SLOTS; i++) await run(shells, p, { command: 'true' }, undefined, queued);
    await new Promise((res) => setTimeout(res, 100));
    expect(shells.stats.spawned).toBe(3);
  });

  it('BA a launcher that died while idle: the call spawns instead', async () => {
    const p = setup();
    const { shells, pid } = await warmed(p);
    process.kill(pid, 'SIGKILL');
    while (isProcessAlive(pid)) await new Promise((r) => setTimeout(r, 5));
    const r = await run(shells, p, { command: 'echo ok' });
    expect(r).toMatchObject({ stdout: 'ok\n', exitCode: 0 });
  });

  it('BA an idle launcher does not keep the process alive, and dies with it', async () => {
    const { build } = await import('rolldown');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-launcher-exit-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const entry = path.join(dir, 'entry.ts');
    writeFileSync(
      entry,
      [
        `import { createBashTool } from ${JSON.stringify(path.join(import.meta.dirname, 'bash.tool.ts'))};`,
        `import { createLauncherShells } from ${JSON.stringify(path.join(import.meta.dirname, '../../process/launchers.ts'))};`,
        'const shells = createLauncherShells();',
        'const tool = createBashTool({ launchers: shells });',
        `const ctx = { sessionId: 's', projectDir: ${JSON.stringify(dir)}, workingDirectories: [${JSON.stringify(dir)}], state: { cwd: ${JSON.stringify(dir)} },`,
        `  abortSignal: new AbortController().signal, toolResultsDir: ${JSON.stringify(path.join(dir, 'results'))}, env: {},`,
        '  log: { debug() {}, info() {}, warn() {}, error() {} }, tools: [] };',
        "const first = await tool.call({ command: 'echo used' }, ctx as never, async () => ({ behavior: 'allow' }), 'm', () => undefined);",
        'tool.warmUp?.(ctx as never);',
        'await new Promise((res) => setTimeout(res, 300));',
        "const second = await tool.call({ command: 'echo again' }, ctx as never, async () => ({ behavior: 'allow' }), 'm', () => undefined);",
        "console.log(JSON.stringify({ out: first.data.stdout + second.data.stdout, launchers: shells.pids(), hits: shells.stats.hits }));",
      ].join('\n'),
    );
    const out = path.join(dir, 'entry.mjs');
    await build({ input: entry, platform: 'node', logLevel: 'silent', output: { file: out, format: 'esm', codeSplitting: false } });
    const child = spawn(process.execPath, [out], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const code = await new Promise<number | string>((resolve) => {
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        resolve('did not exit within 5 s');
      }, 5_000);
      child.on('exit', (c) => {
        clearTimeout(t);
        resolve(c ?? -1);
      });
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(stdout) as { out: string; launchers: number[]; hits: number };
    expect(report).toMatchObject({ out: 'used\nagain\n', hits: 1 });
    expect(report.launchers).toHaveLength(1);
    // Killed on exit: no launcher outlives its process.
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline && isProcessAlive(report.launchers[0]!)) await new Promise((r) => setTimeout(r, 10));
    expect(isProcessAlive(report.launchers[0]!)).toBe(false);
  }, 20_000);
});

describe('Bash through a shell prepared ahead (BA)', () => {
  it('BA the warm-up prepares a shell; the next commands run in prepared shells, as a spawn would run them', async () => {
    withAppEnv({ OLDPWD: undefined });
    const p = setup();
    mkdirSync(path.join(p.dir, 'sub'), { recursive: true });
    const shells = newLaunchers();
    const tool = createBashTool({ launchers: shells });
    tool.warmUp?.(p.ctx);
    const first = await run(shells, p, { command: 'echo "old=${OLDPWD-unset}"; cd sub; cat; exit 3' });
    expect(first).toMatchObject({ stdout: 'old=unset\n', exitCode: 3 });
    expect(p.ctx.state.cwd).toBe(path.join(p.dir, 'sub'));
    // The next one was prepared while the first ran.
    const big = 'x'.repeat(200_000);
    const second = await run(shells, p, { command: `pwd; v='${big}'\necho "\${#v} $LINENO"; readlink /proc/$$/fd/0 || echo /dev/null` });
    expect(second.stdout).toBe(`${path.join(p.dir, 'sub')}\n200000 6\n/dev/null\n`);
    expect(shells.stats).toMatchObject({ hits: 2, misses: 0, spawned: 1 });
  });

  it('PL5/BA Stop kills the tree of a command in a prepared shell', async () => {
    const p = setup();
    const shells = newLaunchers();
    createBashTool({ launchers: shells }).warmUp?.(p.ctx);
    const seen: string[] = [];
    const r = await run(shells, p, { command: 'echo "shell=$$"; sleep 100 & echo "child=$!"; sleep 100' }, (e) => {
      if (e.type === 'output') seen.push(e.text);
      if (seen.join('').includes('child=')) p.abort.abort();
    });
    expect(r.interrupted).toBe(true);
    const pids = [...r.stdout.matchAll(/=(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    for (const x of pids) expect(isProcessAlive(x)).toBe(false);
    expect(shells.stats.hits).toBe(1);
  });

  it('BA a shell prepared for another env is not used; the next warm-up replaces it', async () => {
    const p = setup();
    const shells = newLaunchers();
    const tool = createBashTool({ launchers: shells });
    tool.warmUp?.(p.ctx);
    const other = { ...p.ctx, env: { AGENT_DESK_POOL_VAR: 'other' } };
    const r = await run(shells, p, { command: 'echo "$AGENT_DESK_POOL_VAR"' }, undefined, other);
    expect(r.stdout).toBe('other\n');
    tool.warmUp?.(other);
    const again = await run(shells, p, { command: 'echo "$AGENT_DESK_POOL_VAR"' }, undefined, other);
    expect(again.stdout).toBe('other\n');
    // First a launcher job (the prepared shell had the old env), then the shell prepared for this one.
    expect(shells.stats.hits).toBe(2);
  });
});
