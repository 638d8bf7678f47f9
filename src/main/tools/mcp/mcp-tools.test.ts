// MCP tools in the pool and through the pipeline (MC1, PL2, PL6, PL8), against server-everything
// over stdio and a small stdio server that is killed mid-call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../base/log';
import type { McpServerConfig } from '../../mcp/config';
import { createMcpManager, type McpManager } from '../../mcp/manager';
import { everythingStdio } from '../../../../test/integration/mcp/everything';
import { assembleToolPool } from '../core/assemble';
import { harness, makeTool, scriptedPrompter, toolUse } from '../pipeline/test-helpers';
import { createRunToolUse } from '../pipeline/run-tool-use';
import { mcpToolsOf } from './mcp-tools';
import type { AnyTool } from '../core/tool';

const log = createLogger({ level: 'error' });
const live = () => new AbortController().signal;
const noProgress = () => {};
let dir: string;
let ev: McpManager;

function manager(name: string, config: McpServerConfig): McpManager {
  return createMcpManager({ projectDir: process.cwd(), log, load: async () => ({ servers: [{ name, scope: 'dynamic', file: 't', config }], warnings: [] }), connection: { backoffMs: 50 } });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mcp-tools-'));
  ev = manager('ev', everythingStdio());
  await ev.ready();
});
afterAll(async () => {
  await ev.close();
  rmSync(dir, { recursive: true, force: true });
});

const allowEv = { allow: [{ rule: 'mcp__ev', source: 'session' as const }], deny: [], ask: [] };
const run = (tools: AnyTool[], name: string, input: unknown, opts: Parameters<typeof harness>[0] extends infer O ? Partial<O> : never = {}) => {
  const h = harness({ tools, rules: allowEv, ctx: { toolResultsDir: dir }, ...opts });
  return { h, out: createRunToolUse(h.deps)(toolUse(`t-${Math.random().toString(36).slice(2)}`, name, input), live(), noProgress) };
};

describe('MCP tools in the pool (MC1)', () => {
  it('each server tool is mcp__<server>__<tool>, kind mcp, with its annotations as traits', () => {
    const tools = mcpToolsOf(ev);
    const byName = new Map(tools.map((t) => [t.name, t]));
    const echo = byName.get('mcp__ev__echo')!;
    expect(echo).toMatchObject({ kind: 'mcp', isMcp: true });
    expect(echo.isReadOnly({})).toBe(true);
    expect(echo.isConcurrencySafe({})).toBe(true);
    const gzip = byName.get('mcp__ev__gzip-file-as-resource')!;
    expect(gzip.isReadOnly({})).toBe(false);
    expect(gzip.isConcurrencySafe({})).toBe(false);
    expect(echo.inputJSONSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } }, required: ['message'] });
    expect(byName.has('ListMcpResourcesTool') && byName.has('ReadMcpResourceTool')).toBe(true);
    // Memoised while nothing changed: the same objects, so schemas stay cached (AS5).
    expect(mcpToolsOf(ev)).toBe(tools);
  });

  it('MCP tools form the sorted suffix after the built-ins (AS3)', () => {
    const pool = assembleToolPool({ mode: 'default', alwaysDenyRules: [] }, mcpToolsOf(ev), [makeTool({ name: 'Zed' }), makeTool({ name: 'Alpha' })]);
    expect(pool.slice(0, 2).map((t) => t.name)).toEqual(['Alpha', 'Zed']);
    expect(pool.slice(2).every((t) => t.kind === 'mcp')).toBe(true);
  });

  it('a blanket deny rule on the server hides its tools (AS2)', () => {
    const pool = assembleToolPool({ mode: 'default', alwaysDenyRules: ['mcp__ev'] }, mcpToolsOf(ev), []);
    expect(pool.filter((t) => t.name.startsWith('mcp__ev__'))).toEqual([]);
  });
});

describe('MCP tools through the pipeline (MC1, PL2, PL6, PL8)', () => {
  it('a call runs on the server and its text reaches the model', async () => {
    const { out } = run(mcpToolsOf(ev), 'mcp__ev__echo', { message: 'hello' });
    expect(await out).toMatchObject({ content: 'Echo: hello', isError: false, state: 'succeeded' });
  });

  it("input is checked against the tool's JSON Schema before it runs (PL2)", async () => {
    const { out } = run(mcpToolsOf(ev), 'mcp__ev__get-sum', { a: 'one', b: 2 });
    const r = await out;
    expect(r.isError).toBe(true);
    expect(String(r.content)).toMatch(/InputValidationError: mcp__ev__get-sum: .*a.*number/);
  });

  it('an image comes back as an image block for the model', async () => {
    const { out } = run(mcpToolsOf(ev), 'mcp__ev__get-tiny-image', {});
    const r = await out;
    expect(r.isError).toBe(false);
    expect(r.content).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'image', source: expect.objectContaining({ media_type: 'image/png' }) })]));
  });

  it('without a rule an MCP call asks the person (PL4)', async () => {
    const prompter = scriptedPrompter([{ decision: 'deny' }]);
    const { out } = run(mcpToolsOf(ev), 'mcp__ev__echo', { message: 'x' }, { rules: { allow: [], deny: [], ask: [] }, prompter });
    const r = await out;
    expect(prompter.requests).toHaveLength(1);
    expect(prompter.requests[0]).toMatchObject({ toolName: 'mcp__ev__echo', kind: 'mcp' });
    expect(prompter.requests[0]!.suggestions).toEqual(['mcp__ev__echo', 'mcp__ev']);
    expect(r.isError).toBe(true);
  });

  it('ListMcpResourcesTool lists resources with their server; ReadMcpResourceTool reads one (MC1)', async () => {
    const tools = mcpToolsOf(ev);
    const listed = await run(tools, 'ListMcpResourcesTool', {}).out;
    expect(listed.isError).toBe(false);
    const resources = JSON.parse(String(listed.content)) as Array<{ server: string; uri: string }>;
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.every((r) => r.server === 'ev')).toBe(true);
    const doc = resources.find((r) => r.uri.endsWith('.md'))!;
    const read = await run(tools, 'ReadMcpResourceTool', { server: 'ev', uri: doc.uri }).out;
    expect(read.isError).toBe(false);
    expect(String(read.content).length).toBeGreaterThan(20);
    const unknown = await run(tools, 'ListMcpResourcesTool', { server: 'nope' }).out;
    expect(unknown).toMatchObject({ isError: true });
    expect(String(unknown.content)).toContain('no MCP server named "nope"');
  });

  it('a server killed mid-call gives an error result; the session goes on and the tools come back (PL8, MC3)', async () => {
    const crashy = manager('crashy', { type: 'stdio', command: process.execPath, args: [path.resolve(__dirname, '../../../../test/integration/mcp/crashy-server.mjs')], env: {} });
    try {
      await crashy.ready();
      const rules = { allow: [{ rule: 'mcp__crashy', source: 'session' as const }], deny: [], ask: [] };
      const pid = Number((await run(mcpToolsOf(crashy), 'mcp__crashy__pid', {}, { rules }).out).content);
      const back = new Promise<void>((resolve) => crashy.subscribe(() => crashy.list()[0]!.state === 'connected' && resolve()));
      const pending = run(mcpToolsOf(crashy), 'mcp__crashy__wait', {}, { rules }).out;
      setTimeout(() => process.kill(pid, 'SIGKILL'), 100);
      const r = await pending;
      expect(r).toMatchObject({ isError: true, state: 'failed' });
      expect(String(r.content)).toMatch(/The crashy server could not run wait: .*closed/i);
      await back;
      expect((await run(mcpToolsOf(crashy), 'mcp__crashy__hello', {}, { rules }).out).content).toBe('hello again');
    } finally {
      await crashy.close();
    }
  });
});

describe('large MCP output (PL6, MC6)', () => {
  it('a result over the size limit is saved whole and the model gets a preview with the path', async () => {
    const { h, out } = run(mcpToolsOf(ev), 'mcp__ev__echo', { message: 'x'.repeat(60_000) });
    const r = await out;
    expect(r.isError).toBe(false);
    expect(String(r.content)).toContain('<persisted-output>');
    expect(r.persistedPath).toBeDefined();
    expect(h.persister.files.get(r.persistedPath!)).toContain('x'.repeat(60_000));
  });
});

