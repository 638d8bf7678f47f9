// A project's language servers with real processes (a fake server over the real protocol): started at
// the first use, a missing command and a crash as clear errors, restarted at the next use up to
// maxRestarts, a server that never starts ended after startupTimeout, all stopped by dispose.
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '../process/kill-tree';
import type { LspServerConfig } from '../settings/lsp-settings';
import { LspError } from './errors';
import type { LanguageServers } from './manager';
import { fakeServerFixture } from './test-fake-server';

const { fp, start } = fakeServerFixture();

function manager(config: LspServerConfig, startupTimeoutMs = 20_000) {
  return start({ [config.name]: config }, { startupTimeoutMs, requestTimeoutMs: 20_000 });
}

async function hover(s: LanguageServers): Promise<string> {
  const server = await s.forFile(fp().file);
  if (!server) throw new Error('no server');
  const uri = server.sync(fp().file, 'hello world\n');
  const r = await server.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } }, new AbortController().signal);
  return r.contents.value;
}

const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (err: unknown) => err as LspError);

describe('language servers of a project (TL, LSP)', () => {
  it('TL a server is started at the first use for a file of its extension only', async () => {
    const s = manager(fp().config('ok'));
    expect(s.handles(fp().file)).toBe(true);
    expect(s.handles('/x/readme.md')).toBe(false);
    expect(await s.forFile('/x/readme.md')).toBeNull();
    expect(s.status()).toEqual([]);
    expect(await hover(s)).toMatch(/^answered by \d+$/);
    expect(s.status()).toMatchObject([{ name: 'fake', state: 'running', restarts: 0 }]);
  }, 30_000);

  it('PL8 a command that does not exist is a clear error naming it and the settings file; the app keeps going', async () => {
    const s = manager(fp().config('ok', { command: 'no-such-language-server-xyz' }));
    const err = await failure(s.forFile(fp().file));
    expect(err).toBeInstanceOf(LspError);
    expect(err.kind).toBe('not_found');
    expect(err.message).toContain('The language server "fake" could not start: the command "no-such-language-server-xyz" was not found');
    expect(err.message).toContain('lspServers.fake.command');
    // Asked again, it tries again (the person may have installed it meanwhile) and says the same.
    expect((await failure(s.forFile(fp().file))).kind).toBe('not_found');
    await s.dispose();
    const lost = manager(fp().config('ok', { workspaceFolder: 'no-such-folder' }));
    expect((await failure(lost.forFile(fp().file))).message).toContain(`its workspace folder ${fp().dir}/no-such-folder does not exist (lspServers.fake.workspaceFolder`);
  }, 30_000);

  it('TL a crash fails the call in flight with its exit code and last words, and the next call runs on a new process', async () => {
    const s = manager(fp().config('crash-once'));
    const server = await s.forFile(fp().file);
    const first = server!.sync(fp().file, 'hello world\n');
    const err = await failure(server!.request('textDocument/hover', { textDocument: { uri: first }, position: { line: 0, character: 0 } }, new AbortController().signal));
    expect(err.kind).toBe('crashed');
    expect(err.message).toContain('the language server "fake" stopped while answering: it exited with code 3.');
    expect(err.message).toContain('fake server: boom');
    expect(err.message).toContain('It is started again at the next LSP call.');
    expect(s.status()).toMatchObject([{ state: 'crashed' }]);
    expect(await hover(s)).toMatch(/^answered by \d+$/);
    expect(s.status()).toMatchObject([{ state: 'running', restarts: 1 }]);
  }, 30_000);

  it('TL after maxRestarts crashes the server is given up with words; restartOnCrash false gives up at once', async () => {
    const s = manager(fp().config('crash', { maxRestarts: 1 }));
    expect((await failure(hover(s))).message).toContain('It is started again at the next LSP call.');
    const second = await failure(hover(s));
    expect(second.kind).toBe('crashed');
    expect(second.message).not.toContain('started again');
    const third = await failure(hover(s));
    expect(third.kind).toBe('gave_up');
    expect(third.message).toContain('lspServers.fake.maxRestarts is 1');
    await s.dispose();
    const once = manager(fp().config('crash', { restartOnCrash: false }));
    await failure(hover(once));
    expect((await failure(hover(once))).message).toContain('restartOnCrash is false');
  }, 30_000);

  it('TL a server that never finishes starting is ended after startupTimeout', async () => {
    const s = manager(fp().config('hang', { startupTimeout: 800 }));
    const err = await failure(s.forFile(fp().file));
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('did not finish starting within 1 s (lspServers.fake.startupTimeout)');
  }, 30_000);

  it('TL a server whose settings changed is stopped and started anew', async () => {
    let config = fp().config('ok');
    const servers = start(() => ({ fake: config }));
    const first = Number((await hover(servers)).replace('answered by ', ''));
    config = fp().config('ok', { args: [...config.args, '--changed'] });
    const second = Number((await hover(servers)).replace('answered by ', ''));
    expect(second).not.toBe(first);
    await expect.poll(() => isProcessAlive(first)).toBe(false);
  }, 30_000);

  it('TL dispose stops every server (the app quits); later calls are refused', async () => {
    const s = manager(fp().config('ok'));
    const pid = Number((await hover(s)).replace('answered by ', ''));
    expect(isProcessAlive(pid)).toBe(true);
    await s.dispose();
    expect(isProcessAlive(pid)).toBe(false);
    expect((await failure(s.forFile(fp().file))).message).toContain('closing');
  }, 30_000);
});
