// Bash against real processes: output, exit codes, cwd persistence, env, stdin, timeouts and Stop
// killing the whole tree, live progress, bounded memory on large output, the sandbox seam — each
// both through the launcher shell and with a plain spawn per call.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASH_MAX_TIMEOUT_MS, type BashInput, type BashOutput } from '../../../shared/tools/bash';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import type { SandboxWrapper } from '../../sandbox/index';
import type { CanUseTool } from '../core/tool';
import { BashTool, createBashTool, type BashToolDeps } from './bash.tool';
import { isProcessAlive } from '../../process/kill-tree';
import { tempProject, type TempProject } from '../core/test-project';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let project: TempProject | undefined;
/** Set per suite: every test runs through the app's launcher shells and with plain spawns. */
let launchers: false | undefined;

afterEach(() => {
  project?.cleanup();
  project = undefined;
});

function setup(env: Record<string, string | undefined> = {}): TempProject {
  project = tempProject(env);
  return project;
}

async function run(
  p: TempProject,
  input: BashInput,
  opts: { deps?: BashToolDeps; onProgress?: (e: ToolProgress) => void } = {},
): Promise<{ data: BashOutput; text: string; isError: boolean; progress: ToolProgress[] }> {
  const deps = launchers === false ? { ...opts.deps, launchers } : opts.deps;
  const tool = deps ? createBashTool(deps) : BashTool;
  const parsed = tool.inputSchema().parse(input);
  const progress: ToolProgress[] = [];
  const result = await tool.call(parsed, p.ctx, allow, 'msg-1', (e) => {
    progress.push(e);
    opts.onProgress?.(e);
  });
  const mapped = tool.mapResult(result.data, 'toolu_1');
  return { data: result.data, text: String(mapped.content), isError: mapped.isError ?? false, progress };
}

const streamed = (progress: ToolProgress[], stream: 'stdout' | 'stderr') =>
  progress.map((e) => (e.type === 'output' && e.stream === stream ? e.text : '')).join('');

describe.each([
  { mode: 'launcher shell', pool: undefined },
  { mode: 'plain spawn', pool: false as const },
])('Bash tool (BA, PL5), $mode', ({ pool }) => {
  beforeEach(() => {
    launchers = pool;
  });

  it('PL5 returns stdout and exit code 0 as a success', async () => {
    const p = setup();
    const r = await run(p, { command: 'echo hello' });
    expect(r.data.stdout).toBe('hello\n');
    expect(r.data.exitCode).toBe(0);
    expect(r.isError).toBe(false);
    expect(r.text).toBe('hello');
  });

  it('PL8 a non-zero exit is an error result naming the code', async () => {
    const p = setup();
    const r = await run(p, { command: 'echo partial; exit 3' });
    expect(r.data.exitCode).toBe(3);
    expect(r.isError).toBe(true);
    expect(r.text).toBe('partial\nExit code 3');
  });

  it('PL5 captures stderr separately, after stdout in the model text', async () => {
    const p = setup();
    const r = await run(p, { command: 'echo out; echo err >&2' });
    expect(r.data.stdout).toBe('out\n');
    expect(r.data.stderr).toBe('err\n');
    expect(r.text).toBe('out\nerr');
  });

  it('BA11 grep exit 1 (no match) is not an error; a missing command is', async () => {
    const p = setup();
    const grep = await run(p, { command: 'grep zzz /dev/null' });
    expect(grep.data.exitCode).toBe(1);
    expect(grep.isError).toBe(false);
    expect(grep.text).toContain('No matches found');
    const missing = await run(p, { command: 'definitely-not-a-command-xyz' });
    expect(missing.data.exitCode).toBe(127);
    expect(missing.isError).toBe(true);
    expect(missing.data.stderr).toContain('definitely-not-a-command-xyz');
  });

  it('BA cd persists between calls (session cwd updated), also when the command exits non-zero', async () => {
    const p = setup();
    mkdirSync(path.join(p.dir, 'sub', 'deeper'), { recursive: true });
    await run(p, { command: 'cd sub' });
    expect(p.ctx.state.cwd).toBe(path.join(p.dir, 'sub'));
    const pwd = await run(p, { command: 'pwd' });
    expect(pwd.text).toBe(path.join(p.dir, 'sub'));
    const failed = await run(p, { command: 'cd deeper && exit 4' });
    expect(failed.data.exitCode).toBe(4);
    expect(p.ctx.state.cwd).toBe(path.join(p.dir, 'sub', 'deeper'));
    expect(failed.data.cwd).toBe(path.join(p.dir, 'sub', 'deeper'));
  });

  it('BA a cwd that was deleted falls back to the project folder with a note', async () => {
    const p = setup();
    mkdirSync(path.join(p.dir, 'gone'));
    await run(p, { command: 'cd gone' });
    rmSync(path.join(p.dir, 'gone'), { recursive: true });
    const r = await run(p, { command: 'pwd' });
    expect(r.data.stdout.trim()).toBe(p.dir);
    expect(r.text).toContain('no longer exists');
    expect(p.ctx.state.cwd).toBe(p.dir);
  });

  it('BA runs with the user env plus the session overrides; the command sees an empty $@', async () => {
    const p = setup({ AGENT_DESK_TEST_VAR: 'from-session', HOME: process.env.HOME });
    const r = await run(p, { command: 'echo "$AGENT_DESK_TEST_VAR|$#|${PATH:+has-path}"' });
    expect(r.data.stdout).toBe('from-session|0|has-path\n');
  });

  it('BA stdin is closed: commands reading it get end-of-file instead of hanging', async () => {
    const p = setup();
    const r = await run(p, { command: 'cat; read line; echo "read-status=$?"', timeout: 20_000 });
    expect(r.data.timedOut).toBe(false);
    expect(r.data.stdout).toBe('read-status=1\n');
  });

  it('PL5/BA a timeout kills the whole process tree and says it timed out', async () => {
    const p = setup();
    const r = await run(p, { command: 'sleep 100 & echo "child=$!"; echo "shell=$$"; sleep 100', timeout: 1_000 });
    expect(r.data.timedOut).toBe(true);
    expect(r.isError).toBe(true);
    expect(r.text).toContain('Command timed out after 1s');
    const pids = [...r.data.stdout.matchAll(/=(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isProcessAlive(pid)).toBe(false);
  });

  it('PL5/BA Stop (abort) kills the whole tree, including a setsid escapee, and reports the interruption', async () => {
    const p = setup();
    const seen: string[] = [];
    const r = await run(
      p,
      { command: 'sleep 100 & echo "child=$!"; setsid sleep 100 & echo "escapee=$!"; sleep 100' },
      {
        onProgress: (e) => {
          // Abort once both background pids were reported: the tree exists for sure.
          if (e.type === 'output') seen.push(e.text);
          if (seen.join('').includes('escapee=')) p.abort.abort();
        },
      },
    );
    expect(r.data.interrupted).toBe(true);
    expect(r.data.timedOut).toBe(false);
    expect(r.isError).toBe(true);
    expect(r.text).toContain('aborted');
    const pids = [...r.data.stdout.matchAll(/=(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isProcessAlive(pid)).toBe(false);
  });
  it('PL5/BA an already-aborted call launches nothing and reports the interruption', async () => {
    const p = setup();
    p.abort.abort();
    const r = await run(p, { command: `touch ${JSON.stringify(path.join(p.dir, 'ran'))}` });
    expect(r.data.interrupted).toBe(true);
    expect(r.isError).toBe(true);
    expect(readdirSync(p.dir)).not.toContain('ran');
  });

  it('BA a command that leaves a background job running returns when the shell exits', async () => {
    const p = setup();
    // Without the post-exit drain bound, the job's hold on the pipes would keep the call open until the timeout.
    const r = await run(p, { command: 'sleep 30 & echo "job=$!"; echo done', timeout: 10_000 });
    const job = Number(/job=(\d+)/.exec(r.data.stdout)?.[1]);
    try {
      expect(r.data.timedOut).toBe(false);
      expect(r.data.exitCode).toBe(0);
      expect(r.data.stdout).toContain('done');
    } finally {
      if (job && isProcessAlive(job)) process.kill(job, 'SIGKILL');
    }
  });

  it('PL5 progress streams live, before the result: the command waits for the test to see its output', async () => {
    const p = setup();
    const order: string[] = [];
    const r = await run(
      p,
      // Only finishes once the test, having seen "ready" as progress, creates the file.
      { command: 'echo ready; while [ ! -f go ]; do sleep 0.02; done; echo done; echo warn >&2', timeout: 15_000 },
      {
        onProgress: (e) => {
          if (e.type !== 'output') return;
          order.push(`progress:${e.stream}:${e.text.trim()}`);
          if (e.text.includes('ready')) writeFileSync(path.join(p.dir, 'go'), '');
        },
      },
    );
    order.push('result');
    expect(r.data.timedOut).toBe(false);
    expect(order[0]).toBe('progress:stdout:ready');
    expect(order[order.length - 1]).toBe('result');
    expect(order).toContain('progress:stderr:warn');
    expect(streamed(r.progress, 'stdout')).toBe('ready\ndone\n');
  });

  it('PL6 a 5 MiB output completes with bounded memory; the full text is in a file the result names', async () => {
    const p = setup();
    const size = 5 * 1024 * 1024;
    const r = await run(p, { command: `head -c ${size} /dev/zero | tr '\\0' a` });
    expect(r.data.exitCode).toBe(0);
    expect(r.data.totalChars).toBe(size);
    expect(r.data.outputFile).toBeDefined();
    const file = r.data.outputFile!;
    expect(statSync(file).size).toBe(size);
    expect(readFileSync(file, 'utf8')).toBe('a'.repeat(size));
    // Held in memory: head + tail only; the model text stays under Bash's limit (no second persist).
    expect(r.data.stdout.length).toBeLessThan(50_000);
    expect(r.text.length).toBeLessThan(10_000);
    expect(r.text).toContain(file);
    expect(r.text).toMatch(/^a{4000}\n\n\.\.\. \[middle omitted/);
    // The live view got a bounded amount of text and a status line for the rest.
    const live = r.progress.reduce((n, e) => n + (e.type === 'output' ? e.text.length : 0), 0);
    expect(live).toBeLessThanOrEqual(256_000);
    expect(r.progress.some((e) => e.type === 'status')).toBe(true);
  });

  it('PX8 the spill file stops at its cap: it keeps the head, the tail stays in memory, the result says how much was dropped', async () => {
    const p = setup();
    const cap = 256 * 1024;
    const size = 4 * 1024 * 1024;
    // 4 MiB of 'a', then an end marker only memory's tail can still show.
    const r = await run(p, { command: `head -c ${size} /dev/zero | tr '\\0' a; echo; echo THE-END` }, {
      deps: { outputLimits: { spillAtChars: 64 * 1024, headChars: 2_000, tailChars: 2_000, spillMaxBytes: cap } },
    });
    expect(r.data.exitCode).toBe(0);
    expect(r.data.totalChars).toBe(size + 9);
    const file = r.data.outputFile!;
    const saved = readFileSync(file, 'utf8');
    expect(saved.startsWith('a'.repeat(cap))).toBe(true);
    expect(saved.slice(cap)).toBe(`\n\n... [Agent Desk stopped saving the output here: the file reached its cap of 256 KB; ${(size + 9 - cap).toLocaleString('en-US')} more bytes were dropped] ...\n`);
    expect(statSync(file).size).toBeLessThan(cap + 200);
    expect(r.data.stdout.endsWith('THE-END\n')).toBe(true);
    expect(r.data.stdout).toContain('the file below holds the start of the output');
    expect(r.data.notes).toEqual([
      `The output file reached its cap of 256 KB (AGENT_DESK_BASH_SPILL_MAX_BYTES): it holds only the first 256 KB of the output; the 3.8 MB (${(size + 9 - cap).toLocaleString('en-US')} bytes) after that were dropped. The end of each stream shown is the real end of the output.`,
    ]);
    // The model reads the end, that the file holds only the start, and how much is gone.
    expect(r.text).toContain('THE-END');
    expect(r.text).toContain(`The start of the output (stdout and stderr as they arrived, up to the file's cap) is in ${file}]`);
    expect(r.text).not.toContain('The full output');
    expect(r.text).toContain('bytes) after that were dropped');
  });

  it('PL6 stdout and stderr interleave in arrival order in the spilled file', async () => {
    const p = setup();
    // Two pipes give no order between them by themselves: each line waits until the test saw the last.
    const waitFor = (f: string) => `while [ ! -f ${f} ]; do sleep 0.02; done`;
    const r = await run(
      p,
      { command: `echo first; ${waitFor('a')}; echo second >&2; ${waitFor('b')}; echo third`, timeout: 15_000 },
      {
        deps: { outputLimits: { spillAtChars: 5, headChars: 3, tailChars: 3 }, progress: { flushMs: 1, maxPendingChars: 1, liveBudgetChars: 1_000 } },
        onProgress: (e) => {
          if (e.type !== 'output') return;
          if (e.text.includes('first')) writeFileSync(path.join(p.dir, 'a'), '');
          if (e.text.includes('second')) writeFileSync(path.join(p.dir, 'b'), '');
        },
      },
    );
    expect(r.data.timedOut).toBe(false);
    expect(readFileSync(r.data.outputFile!, 'utf8')).toBe('first\nsecond\nthird\n');
    expect(r.data.stdout).toContain('characters omitted');
  });

  it('PL2 the schema rejects a timeout over 10 minutes, a negative one and unknown fields', () => {
    const schema = BashTool.inputSchema();
    expect(schema.safeParse({ command: 'ls', timeout: BASH_MAX_TIMEOUT_MS }).success).toBe(true);
    expect(schema.safeParse({ command: 'ls', timeout: BASH_MAX_TIMEOUT_MS + 1 }).success).toBe(false);
    expect(schema.safeParse({ command: 'ls', timeout: -5 }).success).toBe(false);
    expect(schema.safeParse({ command: 'ls', extra: 1 }).success).toBe(false);
    expect(schema.safeParse({ timeout: 5 }).success).toBe(false);
    expect(
      schema.safeParse({ command: 'ls', description: 'd', run_in_background: false, dangerouslyDisableSandbox: false }).success,
    ).toBe(true);
  });

  it('BA6 the sandbox seam wraps every launch unless dangerouslyDisableSandbox is set', async () => {
    const p = setup();
    const marker: SandboxWrapper = {
      name: 'marker',
      wrap: (cmd) => ({ launch: { ...cmd, env: { ...cmd.env, AGENT_DESK_SANDBOXED: 'yes' } } }),
    };
    const wrapped = await run(p, { command: 'echo "[$AGENT_DESK_SANDBOXED]"' }, { deps: { sandbox: marker } });
    expect(wrapped.data.stdout).toBe('[yes]\n');
    const bypass = await run(p, { command: 'echo "[$AGENT_DESK_SANDBOXED]"', dangerouslyDisableSandbox: true }, {
      deps: { sandbox: marker },
    });
    expect(bypass.data.stdout).toBe('[]\n');
  });

  it('TC2 safety flags: a read-only line is read-only, concurrency-safe and allowed; anything else asks (passthrough); destructive per input', async () => {
    const p = setup();
    const input = { command: 'npm test' };
    expect(BashTool.name).toBe('Bash');
    expect(BashTool.userFacingName(input)).toBe('Bash');
    expect((await BashTool.checkPermissions(input, p.ctx)).behavior).toBe('passthrough');
    expect(BashTool.isConcurrencySafe(input)).toBe(false);
    expect(BashTool.isReadOnly(input)).toBe(false);
    const ls = { command: 'ls -la | wc -l' };
    expect((await BashTool.checkPermissions(ls, p.ctx)).behavior).toBe('allow');
    expect(BashTool.isConcurrencySafe(ls)).toBe(true);
    expect(BashTool.isReadOnly(ls)).toBe(true);
    expect(BashTool.isDestructive(input)).toBe(false);
    expect(BashTool.isDestructive({ command: 'rm -rf build' })).toBe(true);
    expect(BashTool.toAutoClassifierInput(input)).toBe('npm test');
    expect(BashTool.summarize({ command: 'npm test\necho more' })).toBe('npm test');
    expect(BashTool.summarize({ command: 'npm test', description: 'Run the tests' })).toBe('Run the tests');
    expect(BashTool.maxResultSizeChars).toBe(100_000);
    expect(await BashTool.validateInput!({ command: '   ' }, p.ctx)).toMatchObject({ result: false });
    expect(BashTool.prompt()).toContain('600000');
  });

  it('BA the cwd capture file is removed after each call', async () => {
    const p = setup();
    const prefix = `agent-desk-cwd-${process.pid}-`;
    const r = await run(p, { command: 'cd / && echo x' });
    expect(r.data.cwd).toBe('/');
    expect(readdirSync(os.tmpdir()).filter((f) => f.startsWith(prefix))).toEqual([]);
  });
});
