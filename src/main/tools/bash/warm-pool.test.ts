// The warm shell pool against real processes: reuse, cwd persistence, empty stdin, timeout/Stop
// killing a warm shell's tree, env changes bypassing the pool, and idle shells not holding the process.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BashInput, BashOutput } from '../../../shared/tools/bash';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import type { CanUseTool } from '../core/tool';
import { createBashTool } from './bash.tool';
import { isProcessAlive } from './kill-tree';
import { idlePid, tempProject, type TempProject } from './test-context';
import { createWarmShellPool, type WarmShellPool } from './warm-pool';

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

function newPool(): WarmShellPool {
  const pool = createWarmShellPool();
  cleanups.push(() => pool.dispose());
  return pool;
}

async function run(
  pool: WarmShellPool,
  p: TempProject,
  input: BashInput,
  onProgress?: (e: ToolProgress) => void,
): Promise<BashOutput> {
  const tool = createBashTool({ warmPool: pool });
  const result = await tool.call(tool.inputSchema().parse(input), p.ctx, allow, 'msg-1', (e) => onProgress?.(e));
  return result.data;
}

/** A pool with a warm shell ready (one call done). */
async function warmed(p: TempProject): Promise<{ pool: WarmShellPool; pid: number }> {
  const pool = newPool();
  await run(pool, p, { command: 'true' });
  return { pool, pid: await idlePid(pool) };
}

describe('Bash warm shell pool (BA)', () => {
  it('BA the second call runs in the shell pre-spawned during the first', async () => {
    const p = setup();
    const pool = newPool();
    const first = await run(pool, p, { command: 'echo $$' });
    expect(pool.stats).toMatchObject({ hits: 0, misses: 1 });
    const ready = await idlePid(pool);
    expect(Number(first.stdout)).not.toBe(ready);
    const second = await run(pool, p, { command: 'echo "$$|$#"; exit 5' });
    expect(second.stdout).toBe(`${ready}|0\n`);
    expect(second.exitCode).toBe(5);
    expect(pool.stats.hits).toBe(1);
    // ...and another one was forked for the third call.
    expect(await idlePid(pool)).not.toBe(ready);
  });

  it('BA cd persists across calls that run in warm shells; OLDPWD is not ours', async () => {
    const p = setup({ OLDPWD: undefined });
    mkdirSync(path.join(p.dir, 'sub', 'deeper'), { recursive: true });
    const { pool } = await warmed(p);
    await run(pool, p, { command: 'cd sub' });
    expect(p.ctx.state.cwd).toBe(path.join(p.dir, 'sub'));
    await idlePid(pool);
    const pwd = await run(pool, p, { command: 'pwd; echo "old=${OLDPWD-unset}"; cd deeper && exit 4' });
    expect(pwd.stdout).toBe(`${path.join(p.dir, 'sub')}\nold=unset\n`);
    expect(pwd.exitCode).toBe(4);
    expect(p.ctx.state.cwd).toBe(path.join(p.dir, 'sub', 'deeper'));
    expect(pool.stats.hits).toBe(2);
  });

  it('BA a warm shell gives the command an empty stdin (cat returns at once)', async () => {
    const p = setup();
    const { pool, pid } = await warmed(p);
    const r = await run(pool, p, { command: 'cat; echo "cat=$? shell=$$"; read line; echo "read=$?"', timeout: 5_000 });
    expect(r.timedOut).toBe(false);
    expect(r.stdout).toBe(`cat=0 shell=${pid}\nread=1\n`);
    if (process.platform === 'linux') {
      // Not merely the closed request pipe: /dev/null, as with a cold spawn.
      const fd0 = await run(pool, p, { command: 'readlink /proc/$$/fd/0' });
      expect(fd0.stdout).toBe('/dev/null\n');
      expect(pool.stats.hits).toBe(2);
    }
  });

  it('BA a large command reaches a warm shell intact', async () => {
    const p = setup();
    const { pool, pid } = await warmed(p);
    const big = 'x'.repeat(200_000);
    const r = await run(pool, p, { command: `v='${big}'; echo "\${#v} $$"` });
    expect(r.stdout).toBe(`200000 ${pid}\n`);
  });

  it('PL5/BA a timeout kills the whole tree of a warm shell', async () => {
    const p = setup();
    const { pool, pid } = await warmed(p);
    const r = await run(pool, p, { command: 'sleep 100 & echo "child=$!"; echo "shell=$$"; sleep 100', timeout: 1_000 });
    expect(r.timedOut).toBe(true);
    const pids = [...r.stdout.matchAll(/=(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    expect(pids[1]).toBe(pid);
    for (const x of pids) expect(isProcessAlive(x)).toBe(false);
  });

  it('PL5/BA Stop kills the whole tree of a warm shell, including a setsid escapee', async () => {
    const p = setup();
    const { pool, pid } = await warmed(p);
    const seen: string[] = [];
    const r = await run(pool, p, { command: 'echo "shell=$$"; sleep 100 & echo "child=$!"; setsid sleep 100 & echo "escapee=$!"; sleep 100' }, (e) => {
      if (e.type === 'output') seen.push(e.text);
      if (seen.join('').includes('escapee=')) p.abort.abort();
    });
    expect(r.interrupted).toBe(true);
    const pids = [...r.stdout.matchAll(/=(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(3);
    expect(pids[0]).toBe(pid);
    for (const x of pids) expect(isProcessAlive(x)).toBe(false);
  });

  it('BA a changed env bypasses (and kills) the warm shell; the next call with that env is warm again', async () => {
    const p = setup();
    const { pool, pid } = await warmed(p);
    p.ctx.env = { AGENT_DESK_POOL_VAR: 'changed' };
    const r = await run(pool, p, { command: 'echo "$$|$AGENT_DESK_POOL_VAR"' });
    expect(r.stdout).not.toBe(`${pid}|changed\n`);
    expect(r.stdout).toMatch(/^\d+\|changed\n$/);
    expect(pool.stats.hits).toBe(0);
    expect(isProcessAlive(pid)).toBe(false);
    const next = await idlePid(pool);
    const again = await run(pool, p, { command: 'echo "$$|$AGENT_DESK_POOL_VAR"' });
    expect(again.stdout).toBe(`${next}|changed\n`);
    expect(pool.stats.hits).toBe(1);
  });

  it('BA6 dangerouslyDisableSandbox and a custom sandbox never use the pool', async () => {
    const p = setup();
    const { pool, pid } = await warmed(p);
    const bypass = await run(pool, p, { command: 'echo $$', dangerouslyDisableSandbox: true });
    expect(Number(bypass.stdout)).not.toBe(pid);
    const tool = createBashTool({ warmPool: pool, sandbox: { name: 'marker', wrap: (cmd) => cmd } });
    const wrapped = await tool.call(tool.inputSchema().parse({ command: 'echo $$' }), p.ctx, allow, 'm', () => undefined);
    expect(Number(wrapped.data.stdout)).not.toBe(pid);
    expect(pool.stats.hits).toBe(0);
    expect(pool.idlePids()).toEqual([pid]);
  });

  it('BA no replacement is forked when no other Bash call of the message follows; warmUp forks it while the model thinks', async () => {
    const p = setup();
    const { pool, pid } = await warmed(p);
    // The stream may still be open: a call still being streamed spawns its own shell.
    const last = { ...p.ctx, upcoming: () => ({ queued: ['Read'], streamOpen: true }) };
    const tool = createBashTool({ warmPool: pool });
    const r = await tool.call(tool.inputSchema().parse({ command: 'echo $$' }), last, allow, 'm', () => undefined);
    expect(r.data.stdout).toBe(`${pid}\n`);
    // The replacement would have been forked on the next turn of the loop: give it several.
    await new Promise((res) => setTimeout(res, 50));
    expect(pool.idlePids()).toEqual([]);
    expect(pool.stats.spawned).toBe(1);
    tool.warmUp?.(p.ctx);
    const next = await idlePid(pool);
    // A second warm-up while that shell waits forks nothing.
    tool.warmUp?.(p.ctx);
    expect(pool.idlePids()).toEqual([next]);
    expect(pool.stats.spawned).toBe(2);
    const again = await run(pool, p, { command: 'echo $$' });
    expect(again.stdout).toBe(`${next}\n`);
  });

  it('BA a replacement is forked while the command runs when another Bash call is queued', async () => {
    const p = setup();
    for (const upcoming of [{ queued: ['Read', 'Bash'], streamOpen: false }, { queued: ['Bash'], streamOpen: true }]) {
      const { pool, pid } = await warmed(p);
      const tool = createBashTool({ warmPool: pool });
      await tool.call(tool.inputSchema().parse({ command: 'true' }), { ...p.ctx, upcoming: () => upcoming }, allow, 'm', () => undefined);
      const next = await idlePid(pool);
      expect(next).not.toBe(pid);
    }
  });

  it('BA warmUp with a changed env replaces the idle shell; a dead idle shell is replaced', async () => {
    const p = setup();
    const { pool, pid } = await warmed(p);
    const tool = createBashTool({ warmPool: pool });
    tool.warmUp?.({ ...p.ctx, env: { AGENT_DESK_POOL_VAR: 'other' } });
    expect(isProcessAlive(pid)).toBe(false);
    const other = await idlePid(pool);
    expect(other).not.toBe(pid);
    process.kill(other, 'SIGKILL');
    while (isProcessAlive(other)) await new Promise((r) => setTimeout(r, 5));
    tool.warmUp?.({ ...p.ctx, env: { AGENT_DESK_POOL_VAR: 'other' } });
    const fresh = await idlePid(pool);
    expect(fresh).not.toBe(other);
    const r = await tool.call(tool.inputSchema().parse({ command: 'echo "$$|$AGENT_DESK_POOL_VAR"' }), { ...p.ctx, env: { AGENT_DESK_POOL_VAR: 'other' } }, allow, 'm', () => undefined);
    expect(r.data.stdout).toBe(`${fresh}|other\n`);
  });

  it('BA a warm shell that died while idle falls back to a normal spawn', async () => {
    const p = setup();
    const { pool, pid } = await warmed(p);
    process.kill(pid, 'SIGKILL');
    while (isProcessAlive(pid)) await new Promise((r) => setTimeout(r, 5));
    const r = await run(pool, p, { command: 'echo ok' });
    expect(r.stdout).toBe('ok\n');
    expect(r.exitCode).toBe(0);
    expect(pool.stats.hits).toBe(0);
  });

  it('BA an idle warm shell does not keep the process alive, and dies with it', async () => {
    const { build } = await import('rolldown');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-pool-exit-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const entry = path.join(dir, 'entry.ts');
    const toolPath = path.join(import.meta.dirname, 'bash.tool.ts');
    writeFileSync(
      entry,
      [
        `import { createBashTool } from ${JSON.stringify(toolPath)};`,
        `import { createWarmShellPool } from ${JSON.stringify(path.join(import.meta.dirname, 'warm-pool.ts'))};`,
        'const pool = createWarmShellPool();',
        'const tool = createBashTool({ warmPool: pool });',
        `const ctx = { sessionId: 's', projectDir: ${JSON.stringify(dir)}, workingDirectories: [${JSON.stringify(dir)}], state: { cwd: ${JSON.stringify(dir)} },`,
        `  abortSignal: new AbortController().signal, toolResultsDir: ${JSON.stringify(path.join(dir, 'results'))}, env: {},`,
        '  log: { debug() {}, info() {}, warn() {}, error() {} }, tools: [] };',
        "const r = await tool.call({ command: 'echo used' }, ctx as never, async () => ({ behavior: 'allow' }), 'm', () => undefined);",
        // Let the replacement be forked, then report it: the process must still exit by itself.
        'await new Promise((res) => setTimeout(res, 300));',
        "console.log(JSON.stringify({ out: r.data.stdout, idle: pool.idlePids() }));",
      ].join('\n'),
    );
    const out = path.join(dir, 'entry.mjs');
    await build({ input: entry, platform: 'node', logLevel: 'silent', output: { file: out, format: 'esm' } });
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
    const report = JSON.parse(stdout) as { out: string; idle: number[] };
    expect(report.out).toBe('used\n');
    expect(report.idle).toHaveLength(1);
    // Killed on exit: no warm shell outlives its process.
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline && isProcessAlive(report.idle[0]!)) await new Promise((r) => setTimeout(r, 10));
    expect(isProcessAlive(report.idle[0]!)).toBe(false);
  }, 20_000);
});
