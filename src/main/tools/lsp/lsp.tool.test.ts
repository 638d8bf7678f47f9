// The LSP tool's own rules: offered only where a language server is configured (AS2), a file no server
// handles refused before anything starts (PL2), and through the pipeline a missing or crashing server is
// a clear tool error while the next call works (PL8).
import { describe, expect, it } from 'vitest';
import { getTools } from '../core/assemble';
import type { LanguageServers } from '../../lsp/manager';
import { fakeServerFixture } from '../../lsp/test-fake-server';
import type { LspServerConfig } from '../../settings/lsp-settings';
import { createRunToolUse } from '../pipeline/run-tool-use';
import { harness, silentLog, toolUse } from '../pipeline/test-helpers';
import { ReadTool } from '../read/read.tool';
import { LspTool } from './lsp.tool';

const { fp, start } = fakeServerFixture();
/** The servers of the test's last `run` (the fixture disposes of them). */
let servers: LanguageServers | undefined;

function run(config: LspServerConfig) {
  servers = start({ fake: config });
  const tools = [LspTool];
  const h = harness({ tools, ctx: { projectDir: fp().dir, workingDirectories: [fp().dir], state: { cwd: fp().dir }, tools, languageServers: servers } });
  const pipeline = createRunToolUse(h.deps);
  return (id: string, input: unknown) => pipeline(toolUse(id, 'LSP', input), new AbortController().signal, () => undefined);
}

const hoverA = { operation: 'hover', filePath: 'a.fake', line: 1, character: 1 };

describe('LSP tool (TL, AS2, PL8)', () => {
  it('AS2 LSP is offered only when the session has a language server configured', () => {
    const base = { mode: 'default' as const, alwaysDenyRules: [] };
    expect(getTools(base, [ReadTool, LspTool]).map((t) => t.name)).toEqual(['Read']);
    expect(getTools({ ...base, features: ['languageServers'] }, [ReadTool, LspTool]).map((t) => t.name)).toEqual(['Read', 'LSP']);
    expect(LspTool.kind).toBe('read');
    expect(LspTool.target).toEqual({ field: 'filePath' });
    expect(LspTool.isReadOnly(hoverA as never) && LspTool.isConcurrencySafe(hoverA as never)).toBe(true);
  });

  it('TL answers a hover through the configured server, 1-based in and out', async () => {
    const call = run(fp().config('ok'));
    const out = await call('h1', hoverA);
    expect(out.state).toBe('succeeded');
    expect(out.content).toMatch(/^Hover info at 1:1:\n\nanswered by \d+$/);
  }, 30_000);

  it('PL2 a file no server handles is refused before any server starts, naming what is handled', async () => {
    const call = run(fp().config('ok'));
    const out = await call('n1', { ...hoverA, filePath: 'notes.md' });
    expect(out.state).toBe('failed');
    expect(out.content).toContain('No language server handles .md files');
    expect(out.content).toContain('The configured servers handle: .fake');
    expect(servers!.status()).toEqual([]);
  });

  it('PL2 line and character are 1-based: 0 is refused by the schema', async () => {
    const call = run(fp().config('ok'));
    const out = await call('z1', { ...hoverA, line: 0 });
    expect(out.state).toBe('failed');
    expect(out.content).toContain('line');
  });

  it('PL8 a language server that does not exist is a clear tool error; the next call says so again', async () => {
    const call = run(fp().config('ok', { command: 'no-such-language-server-xyz' }));
    const out = await call('m1', hoverA);
    expect(out).toMatchObject({ state: 'failed', isError: true });
    expect(out.content).toContain('Error performing hover: The language server "fake" could not start: the command "no-such-language-server-xyz" was not found.');
    expect((await call('m2', hoverA)).state).toBe('failed');
  }, 30_000);

  it('PL8 a server that crashes mid-call is a tool error saying it starts again; the next call is answered', async () => {
    const call = run(fp().config('crash-once'));
    const crashed = await call('c1', hoverA);
    expect(crashed).toMatchObject({ state: 'failed', isError: true });
    expect(crashed.content).toContain('Error performing hover: The language server "fake" stopped while answering: it exited with code 3.');
    expect(crashed.content).toContain('It is started again at the next LSP call.');
    const again = await call('c2', hoverA);
    expect(again.state).toBe('succeeded');
    expect(again.content).toContain('answered by');
  }, 30_000);

  it('PL2 a missing file is told only after the permission check, in words', async () => {
    const call = run(fp().config('ok'));
    const out = await call('f1', { ...hoverA, filePath: 'gone.fake' });
    expect(out.state).toBe('failed');
    expect(out.content).toContain(`File does not exist: ${fp().dir}/gone.fake`);
  });
});
