// The built CLI as a real process against the fake model.
// Runs bin/agent-desk.js when out/main/cli.js is at least as new as the sources, else a private build of
// the main target (test/spawn-bundle.ts).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../../../test/fake-model/ports';
import { startFakeModelServer, type FakeModelServer } from '../../../test/fake-model/server';
import { binScript as bin, cleanEnv, cliBundle, type CliBundle } from '../../../test/spawn-bundle';
import { APP_VERSION } from '../app/version';

let bundle: CliBundle | undefined;
/** The script to spawn. */
let entry: string;
let server: FakeModelServer;
let dataDir: string;
let projectDir: string;

beforeAll(async () => {
  bundle = cliBundle('cli-spawn');
  entry = bundle.entry;
  server = await startFakeModelServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-spawn-data-'));
  projectDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-spawn-proj-'));
}, 200_000);
afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (projectDir) await rm(projectDir, { recursive: true, force: true });
  bundle?.dispose();
});

function run(args: string[], env: Record<string, string> = {}, input?: string, nodeArgs: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = cleanEnv();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, entry, ...args], {
      cwd: projectDir,
      env: { ...base, ANTHROPIC_API_KEY: 'sk-spawn-test-123', ANTHROPIC_BASE_URL: server.url, AGENT_DESK_HOME: dataDir, AGENT_DESK_RETRY_BASE_MS: '1', ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (input !== undefined) child.stdin!.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('agent-desk as a process (built bundle)', () => {
  it('--version prints the version', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `${APP_VERSION}\n`, stderr: '' });
  });

  it('-p hi prints the scripted answer and exits 0', async () => {
    server.push({ content: [{ type: 'text', text: 'Hello from the fake model!' }] });
    expect(await run(['-p', 'hi'])).toEqual({ code: 0, stdout: 'Hello from the fake model!\n', stderr: '' });
  });

  it('--output-format stream-json: every line parses as JSON, ending with the result', async () => {
    server.push({ content: [{ type: 'text', text: 'line by line' }] });
    const r = await run(['run', '-p', 'hi', '--output-format', 'stream-json']);
    expect(r.code).toBe(0);
    const events = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(events[0]).toMatchObject({ type: 'system', subtype: 'init' });
    expect(events.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'line by line', is_error: false });
  });

  it("a long streamed reply leaves fetch's HTTP parser (wasm) on V8's baseline compiler", async () => {
    // TurboFan re-compiling llhttp's parser once it is hot cost 170–220 ms of background CPU during
    // the first reply's tools (src/main/app/wasm-liftoff.ts). V8 prints each wasm compile to stdout.
    const text = 'streamed in many small events. '.repeat(1500);
    server.push({ content: [{ type: 'text', text }], chunkSize: 8 });
    const r = await run(['-p', 'hi'], {}, undefined, ['--trace-wasm-compilation-times']);
    expect(r.code).toBe(0);
    const compiles = r.stdout.match(/Compiled function \S+ using \w+/g) ?? [];
    expect(compiles.some((c) => c.endsWith('using Liftoff'))).toBe(true);
    expect(compiles.filter((c) => !c.endsWith('using Liftoff'))).toEqual([]);
  });

  it('an unreachable base URL exits non-zero with one clear line on stderr', async () => {
    const url = await closedPortUrl();
    const r = await run(['-p', 'hi'], { ANTHROPIC_BASE_URL: url, AGENT_DESK_MAX_ATTEMPTS: '2' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`agent-desk: Could not reach the model at ${url} (ECONNREFUSED)\n`);
    const nine = await run(['-p', 'hi'], { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    expect(nine.code).toBe(1);
    expect(nine.stderr).toMatch(/^agent-desk: Could not reach the model at http:\/\/127\.0\.0\.1:9 \(.+\)\n$/);
  });

  it('no API key: exits 1 with the one-line hint', async () => {
    expect(await run(['-p', 'hi'], { ANTHROPIC_API_KEY: '' })).toEqual({ code: 1, stdout: '', stderr: 'agent-desk: No API key: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)\n' });
  });

  it('permissions check: JSON lines on stdin, one answer line per case, from the project settings', async () => {
    mkdirSync(path.join(projectDir, '.claude'), { recursive: true });
    writeFileSync(path.join(projectDir, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(npm test)'], deny: ['Bash(rm:*)'] } }));
    const cases = [
      { id: 1, tool: 'Bash', input: { command: 'npm test' } },
      { id: 2, tool: 'Bash', input: { command: 'rm -rf build' } },
      { id: 3, tool: 'Bash', input: { command: 'npm publish' }, rules: { allow: ['Bash(npm publish)'] } },
    ];
    const managed = { AGENT_DESK_MANAGED_SETTINGS: path.join(projectDir, 'no-policy.json') };
    const r = await run(['permissions', 'check'], managed, cases.map((c) => JSON.stringify(c)).join('\n') + '\nnot json\n');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.id, l.decision ?? 'error'])).toEqual([
      [1, 'allow'],
      [2, 'deny'],
      [3, 'allow'],
      [null, 'error'],
    ]);
    const explain = await run(['permissions', 'explain', 'Bash', '{"command":"npm publish"}'], managed);
    expect(explain.stdout).toContain('Asked because no rule allows `npm publish` (rules in .claude/settings.json allow `npm test`).');
  });

  it('bin/agent-desk.js without a build says how to build, exit 1', async () => {
    const lonely = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-nobuild-'));
    try {
      mkdirSync(path.join(lonely, 'bin'));
      copyFileSync(bin, path.join(lonely, 'bin', 'agent-desk.js'));
      const r = spawnSync(process.execPath, [path.join(lonely, 'bin', 'agent-desk.js'), '--version'], { encoding: 'utf8' });
      expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 1, stdout: '', stderr: 'Agent Desk is not built yet: run `npm run build`\n' });
    } finally {
      await rm(lonely, { recursive: true, force: true });
    }
  });
});
