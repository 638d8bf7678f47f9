// `npm run serve -- DIR` (the README's browser command) starts the web host on that folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs script without types
import { serveArgs } from './serve.mjs';

const repo = resolve(__dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'serve-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run serve (README)', () => {
  it('resolves folders against where the user typed the command, leaves option values alone', () => {
    expect(serveArgs(['proj', '--port', '0', '--token=abc', '/abs'], '/home/me')).toEqual(['/home/me/proj', '--port', '0', '--token=abc', '/abs']);
  });

  it('prints the token link for the folder and keeps running until stopped', async () => {
    const child = spawn(process.execPath, [join(repo, 'scripts', 'serve.mjs'), dir, '--port', '0', '--token', 'readme-token-123456'], {
      cwd: repo,
      env: { ...process.env, ANTHROPIC_API_KEY: 'test', AGENT_DESK_HOME: join(dir, '.home') },
    });
    let out = '';
    const line = await new Promise<string>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`no URL line in: ${out}`)), 60_000);
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        const m = /Agent Desk is running at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          res(m[1]!);
        }
      });
      child.on('exit', (code) => rej(new Error(`exited ${code}: ${out}`)));
    });
    expect(line).toContain('token=readme-token-123456');
    const res = await fetch(line);
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }, 90_000);
});
