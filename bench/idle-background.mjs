#!/usr/bin/env node
// What an idle `agent-desk serve` costs with background-task records present (issue 18 item 3): CPU time
// (utime + stime from /proc) over a quiet window, after 10 s to settle. The data folder holds one ended
// task and one running task (its "worker" a sleeping process) waiting on a request with a 100 KB file
// preview — the case where re-reading the tasks' files costs most. Builds are measured one after the
// other, alternately, so they share the machine's load. Linux only.
//   node bench/idle-background.mjs [--seconds 60] [--rounds 1] [cli.js ...]   (default: out/main/cli.js)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : dflt);
const SECONDS = opt('--seconds', 60);
const ROUNDS = opt('--rounds', 1);
const clis = argv.filter((a, i) => !a.startsWith('--') && !['--seconds', '--rounds'].includes(argv[i - 1]));
if (clis.length === 0) clis.push(path.resolve('out/main/cli.js'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function dataWithTasks(project, workerPid) {
  const data = mkdtempSync(path.join(os.tmpdir(), 'idle-bg-data-'));
  const now = Date.now();
  const base = { version: 1, projectDir: project, prompt: 'p', mode: 'default', trustFolder: false, createdAt: now, activity: null, turns: 1, usage: null };
  const put = (id, rec, approvals) => {
    const dir = path.join(data, 'background-tasks', id);
    mkdirSync(path.join(dir, 'replies'), { recursive: true });
    writeFileSync(path.join(dir, 'task.json'), JSON.stringify({ ...base, id, ...rec }));
    if (approvals) writeFileSync(path.join(dir, 'approvals.json'), JSON.stringify(approvals));
  };
  put('aaaaaaaaaa', { name: 'ended', status: 'done', endedAt: now, outcome: 'Finished.' });
  const big = 'x'.repeat(100_000);
  const request = {
    requestId: 'r1', sessionId: 's1', toolUseId: 't', toolName: 'Write', input: { file_path: 'a.txt', content: big }, message: 'ask', suggestions: [], destructive: false, createdAt: now,
    preview: { kind: 'file_change', path: path.join(project, 'a.txt'), changeKind: 'update', oldContent: big, newContent: `${big}y` }, origin: { kind: 'task', label: 'waiting' },
  };
  put('bbbbbbbbbb', { name: 'waiting', status: 'running', worker: { pid: workerPid }, sessionId: 's1', activity: 'Waiting' }, { requests: [request] });
  return data;
}

const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms (CLK_TCK 100)
};

async function measure(cli) {
  const project = mkdtempSync(path.join(os.tmpdir(), 'idle-bg-proj-'));
  const worker = spawn('sleep', ['100000'], { stdio: 'ignore' });
  const data = dataWithTasks(project, worker.pid);
  const serve = spawn(process.execPath, [cli, 'serve', project, '--port', '0', '--token', 'x'.repeat(32)], {
    env: { ...process.env, AGENT_DESK_HOME: data, ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
    stdio: 'ignore',
  });
  try {
    await sleep(10_000);
    const before = cpuMs(serve.pid);
    await sleep(SECONDS * 1000);
    return cpuMs(serve.pid) - before;
  } finally {
    serve.kill('SIGTERM');
    worker.kill();
    await sleep(500);
    rmSync(data, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  }
}

for (let round = 0; round < ROUNDS; round++) {
  for (const cli of clis) {
    const ms = await measure(cli);
    console.log(`${cli}: ${ms} ms CPU in ${SECONDS} s idle (${(ms / SECONDS / 10).toFixed(2)} % of a core)`);
  }
}
