// BA6 with real bubblewrap: what a boxed command may write and reach, the ledger of what it was
// refused, and a host allowed for one session only. Needs bwrap and socat (npm test installs them).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPolicy } from './policy';
import { createAppSandbox, parseNetworkViolation } from './runtime';

const box = createAppSandbox();
let project: string;
let outside: string;
let server: http.Server;
let port = 0;

function run(sessionId: string, command: string, sandboxOn = true, extra: Partial<Parameters<typeof sandboxPolicy>[0]> = {}) {
  const policy = sandboxPolicy({ sandbox: { enabled: true, excludedCommands: [], network: { allowedDomains: [], allowUnixSockets: [] }, filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] } }, rules: { allow: [], deny: [], ask: [] }, workingDirectories: [project], projectDir: project, ...extra });
  return (async () => {
    const launch = { file: '/bin/bash', args: ['-c', command], cwd: project, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root' } };
    const boxed = sandboxOn ? await box.wrap({ launch, policy, sessionId, command }) : null;
    const l = boxed?.launch ?? launch;
    const child = spawn(l.file, l.args, { cwd: l.cwd, env: l.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    boxed?.done();
    return { code, stdout, stderr: boxed ? boxed.annotate(stderr) : stderr };
  })();
}

/** Refusals reach the ledger as the proxy records them: a moment after the command saw them. */
async function until(cond: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  const status = await box.status();
  if (!status.available) throw new Error(`These tests need a working sandbox (bubblewrap and socat): ${status.reason}`);
  project = mkdtempSync(path.join(os.tmpdir(), 'ad-box-project-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'ad-box-outside-'));
  server = http.createServer((_req, res) => res.end('hello from the host'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await box.dispose();
  server?.close();
  for (const d of [project, outside]) if (d) rmSync(d, { recursive: true, force: true });
});

describe('the sandbox (BA6, issue 15 item 1)', () => {
  it('lets a command write inside the project and refuses a write outside it', async () => {
    const target = path.join(outside, 'escaped.txt');
    const r = await run('s1', `echo inside > kept.txt && echo escaped > ${target}`);
    expect(readFileSync(path.join(project, 'kept.txt'), 'utf8')).toBe('inside\n');
    expect(existsSync(target)).toBe(false);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Read-only file system|Permission denied|not permitted/);
  });

  it('keeps everyday work working: git init, add and commit inside the project', async () => {
    writeFileSync(path.join(project, 'a.txt'), 'a\n');
    const r = await run('s1', 'git init -q . && git add a.txt && git -c user.name=t -c user.email=t@e commit -qm first && git log --oneline');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/first/);
  });

  it('cannot reach the host computer directly, by curl or by a raw /dev/tcp connection', async () => {
    const r = await run('s1', `curl -sS -m 5 http://127.0.0.1:${port}/; (exec 3<>/dev/tcp/127.0.0.1/${port}) && echo RAW-CONNECTED`);
    expect(r.stdout).not.toMatch(/hello from the host|RAW-CONNECTED/);
    expect(box.ledger.list('s1').find((e) => e.direct)).toMatchObject({ host: '127.0.0.1', port, direct: true, command: expect.stringContaining('/dev/tcp/') });
  });

  it('refuses a host that is not allowed, records it in the ledger, and lets it through once the person allowed it for that session', async () => {
    const before = box.ledger.list('s2').length;
    const blocked = await run('s2', `curl -sS -m 5 --noproxy '' http://127.0.0.1:${port}/`);
    expect(blocked.stdout).not.toMatch(/hello from the host/);
    await until(() => box.ledger.list('s2').length > before);
    const entries = box.ledger.list('s2');
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({ host: '127.0.0.1', port, sessionId: 's2', command: `curl -sS -m 5 --noproxy '' http://127.0.0.1:${port}/` });

    // Another conversation's permission is not this one's.
    box.allowHost('other-session', '127.0.0.1');
    const stillBlocked = await run('s2', `curl -sS -m 5 --noproxy '' http://127.0.0.1:${port}/`);
    expect(stillBlocked.stdout).not.toMatch(/hello from the host/);

    await until(() => box.ledger.list('s2').length > before + 1);
    box.allowHost('s2', '127.0.0.1');
    expect(box.ledger.list('s2').every((e) => e.allowed)).toBe(true);
    const through = await run('s2', `curl -sS -m 5 --noproxy '' http://127.0.0.1:${port}/`);
    expect(through.stdout).toBe('hello from the host');
  });

  it('lets through a host the settings allow (sandbox.network.allowedDomains) and never one a WebFetch deny rule names', async () => {
    const allowed = await run('s3', `curl -sS -m 5 --noproxy '' http://127.0.0.1:${port}/`, true, {
      sandbox: { enabled: true, excludedCommands: [], network: { allowedDomains: ['127.0.0.1'], allowUnixSockets: [] }, filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] } },
    });
    expect(allowed.stdout).toBe('hello from the host');
    const denied = await run('s4', `curl -sS -m 5 --noproxy '' http://127.0.0.1:${port}/`, true, {
      sandbox: { enabled: true, excludedCommands: [], network: { allowedDomains: ['127.0.0.1'], allowUnixSockets: [] }, filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] } },
      rules: { allow: [], deny: [{ rule: 'WebFetch(domain:127.0.0.1)', source: 'userSettings' }], ask: [] },
    });
    expect(denied.stdout).not.toMatch(/hello from the host/);
  });

  it('reads a refusal line of the proxy', () => {
    expect(parseNetworkViolation('deny network-outbound registry.example.org:443 (host is not on the allow list)')).toEqual({ host: 'registry.example.org', port: 443, reason: 'host is not on the allow list' });
    expect(parseNetworkViolation('deny file-write /etc/passwd')).toBeNull();
  });
});
