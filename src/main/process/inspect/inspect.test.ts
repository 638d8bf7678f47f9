// Issue 15 item 4: the inspector on real processes — a dev server's port, a grandchild in the tree, a
// reused pid never taken for ours — and the parsers behind it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { killTree } from '../kill-tree';
import { createCpuSampler } from './cpu-sampler';
import { createInspector } from './inspect';
import { parseListenSockets, parseLsofPorts } from './listening-ports';
import { parseProcStat } from './proc-stat';
import { parsePsLine, processStartToken } from './process-table';
import { processTree } from './process-tree';

const linux = process.platform === 'linux';

// A server on port 0 that also starts a child of its own; it prints "<port> <grandchild pid>".
const SERVER = `
const http = require('node:http');
const { spawn } = require('node:child_process');
const kid = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const server = http.createServer((q, r) => r.end('ok')).listen(0, '127.0.0.1', () => {
  process.stdout.write(server.address().port + ' ' + kid.pid + '\\n');
});
`;

const started: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((c) => (c.pid ? killTree(c.pid, { graceMs: 500 }) : undefined)));
});

async function startServer(): Promise<{ pid: number; port: number; grandchild: number }> {
  const child = spawn(process.execPath, ['-e', SERVER], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  let out = '';
  while (!out.includes('\n')) {
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    out += chunk.toString();
  }
  const [port, grandchild] = out.trim().split(' ').map(Number);
  return { pid: child.pid!, port: port!, grandchild: grandchild! };
}

// Elsewhere the skip is named, so a run on another system says what it did not check.
if (!(linux)) it.skip(`not checked on ${process.platform}: inspecting real processes reads Linux's /proc`, () => {});

describe.runIf(linux)('inspect real processes (issue 15 item 4)', () => {
  it('finds the port a dev server listens on and its child in the tree', async () => {
    const server = await startServer();
    const [d] = createInspector().inspect([{ pid: server.pid, groupId: server.pid, startToken: processStartToken(server.pid) }]);
    expect(d!.alive).toBe(true);
    expect(d!.ports).toEqual([server.port]);
    expect(d!.processes.map((p) => p.pid)).toEqual([server.pid, server.grandchild]);
    expect(d!.processes[0]!.command).toContain(process.execPath);
    expect(d!.memoryBytes).toBeGreaterThan(1024 * 1024);
    expect(d!.cpuPercent).not.toBeNull();
    expect(d!.startedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a pid with a different start time is not ours: nothing of it is shown', async () => {
    const server = await startServer();
    const [d] = createInspector().inspect([{ pid: server.pid, groupId: server.pid, startToken: '12345-not-the-same' }]);
    expect(d).toEqual({ alive: false, processes: [], ports: [], cpuPercent: null, memoryBytes: null, startedAt: null });
  });

  it('a program whose root exited still shows its processes left in the group', async () => {
    // The shell exits at once; its background child stays in the group, re-parented away.
    const child = spawn('/bin/sh', ['-c', `${JSON.stringify(process.execPath)} -e "setInterval(()=>{},1000)" & echo $!`], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(child);
    // Listened for before the output is awaited: the shell's exit may be delivered before its output.
    const exited = once(child, 'exit');
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    const orphan = Number(chunk.toString().trim());
    await exited;
    const [d] = createInspector().inspect([{ pid: child.pid!, groupId: child.pid! }]);
    expect(d!.alive).toBe(true);
    expect(d!.processes.map((p) => p.pid)).toEqual([orphan]);
    await killTree(orphan, { graceMs: 500 });
  });

  it('a gone process is not alive and has no start token', async () => {
    const child = spawn(process.execPath, ['-e', '0']);
    await once(child, 'exit');
    expect(processStartToken(child.pid!)).toBeUndefined();
    expect(createInspector().inspect([{ pid: child.pid! }])[0]!.alive).toBe(false);
  });
});

describe('inspect parsers (issue 15 item 4)', () => {
  it('reads /proc/<pid>/stat with spaces and parens in the name', () => {
    const line = '42 (my (odd) name) S 7 42 42 0 -1 4194304 99 0 0 0 30 12 0 0 20 0 1 0 947069 3133440 418 18446744073709551615';
    expect(parseProcStat(line)).toEqual({ pid: 42, parentPid: 7, groupId: 42, state: 'S', cpuTicks: 42, startTicks: 947069, rssPages: 418 });
    expect(parseProcStat('garbage')).toBeUndefined();
  });

  it('keeps only LISTEN sockets of /proc/net/tcp, port from hex', () => {
    const text = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:1435 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 5550 1 0 100 0 0 10 0',
      '   1: 0100007F:1435 0100007F:C350 01 00000000:00000000 00:00000000 00000000  1000        0 5551 1 0 100 0 0 10 0',
    ].join('\n');
    expect([...parseListenSockets(text)]).toEqual([['5550', 5173]]);
  });

  it('reads ports from lsof and a process line from ps (macOS)', () => {
    expect(parseLsofPorts('p123\nf4\nn*:5173\nf5\nn[::1]:3000\n')).toEqual([3000, 5173]);
    expect(parsePsLine('  501   1   501 Ss   20480   1,5 Wed Dec  2 07:04:58 2026')).toMatchObject({
      pid: 501,
      parentPid: 1,
      groupId: 501,
      zombie: false,
      startToken: 'Wed Dec 2 07:04:58 2026',
      residentBytes: 20480 * 1024,
      cpuPercent: 1.5,
    });
  });

  it('the tree takes descendants and group members, not zombies, not strangers', () => {
    const e = (pid: number, parentPid: number, groupId: number, zombie = false) => [pid, { pid, parentPid, groupId, zombie, startToken: String(pid) }] as const;
    const table = new Map([e(10, 1, 10), e(11, 10, 10), e(12, 11, 12), e(13, 1, 10), e(14, 10, 10, true), e(99, 1, 99)]);
    expect(processTree(table, 10, 10).map((p) => p.pid)).toEqual([10, 11, 13, 12]);
  });

  it('CPU % is the use between two readings; the first is the average since start', () => {
    const s = createCpuSampler();
    expect(s.sample({ pid: 1, startToken: 'a', cpuTicks: 100, startedAt: 0 }, 10_000)).toBe(10);
    expect(s.sample({ pid: 1, startToken: 'a', cpuTicks: 300, startedAt: 0 }, 12_000)).toBe(100);
    // Same pid, other process: starts over.
    expect(s.sample({ pid: 1, startToken: 'b', cpuTicks: 5 }, 13_000)).toBeNull();
  });
});
