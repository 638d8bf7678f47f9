// The CLI in-process (main() with captured streams) against the fake model with the real SDK.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../../../test/fake-model/ports';
import { startFakeModelServer, type FakeModelServer } from '../../../test/fake-model/server';
import { APP_VERSION } from '../app/version';
import { createSessionStore } from '../sessions/store';
import { parseCommand } from './args';
import type { CliIO } from './io';
import { main } from './main';

let server: FakeModelServer;
let dataDir: string;
let projectDir: string;

beforeEach(async () => {
  server = await startFakeModelServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-cli-data-'));
  projectDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-cli-proj-'));
});
afterEach(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(projectDir, { recursive: true, force: true });
});

async function cli(argv: string[], opts: { env?: Record<string, string>; stdin?: string; onInterrupt?: CliIO['onInterrupt']; onStdout?: () => void; beforeEngine?: () => void } = {}) {
  let stdout = '';
  let stderr = '';
  const chunks: string[] = [];
  const stdin = opts.stdin === undefined ? Object.assign(Readable.from([]), { isTTY: true }) : Object.assign(Readable.from([opts.stdin]), { isTTY: false });
  const code = await main(argv, {
    stdout: { write: (s: string) => ((stdout += s), chunks.push(s), opts.onStdout?.()) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin,
    env: { ANTHROPIC_API_KEY: 'sk-cli-test-123', ANTHROPIC_BASE_URL: server.url, AGENT_DESK_HOME: dataDir, AGENT_DESK_RETRY_BASE_MS: '1', ...opts.env },
    cwd: projectDir,
    ...(opts.onInterrupt ? { onInterrupt: opts.onInterrupt } : {}),
    ...(opts.beforeEngine ? { beforeEngine: opts.beforeEngine } : {}),
  });
  return { code, stdout, stderr, chunks };
}

describe('agent-desk CLI (in-process)', () => {
  it('-p prints the streamed reply as it arrives and persists the session', async () => {
    server.push({ content: [{ type: 'text', text: 'The answer is 42.' }], chunkSize: 5 });
    const r = await cli(['-p', 'what is the answer?']);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: 'The answer is 42.\n' });
    expect(r.chunks.slice(0, 4)).toEqual(['The a', 'nswer', ' is 4', '2.']);
    expect(server.requests[0]!.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'what is the answer?' }] }]);
    const saved = await createSessionStore({ dataDir }).list(projectDir);
    expect(saved).toEqual([expect.objectContaining({ title: 'what is the answer?', messageCount: 2 })]);
  });

  it('run --cwd, --model and --output-format json print one result object', async () => {
    server.push({ content: [{ type: 'text', text: 'done' }], usage: { input_tokens: 7, output_tokens: 3 } });
    const other = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-cli-other-'));
    try {
      const r = await cli(['run', '-p', 'go', '--cwd', other, '--model', 'claude-cli-model', '--output-format', 'json']);
      expect(r.code).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const result = JSON.parse(lines[0]!);
      expect(result).toEqual({
        type: 'result',
        subtype: 'success',
        is_error: false,
        result: 'done',
        session_id: expect.any(String),
        num_turns: 1,
        duration_ms: expect.any(Number),
        stop_reason: 'end_turn',
        // 'claude-cli-model' is no known family: no price, so no made-up cost.
        total_cost_usd: null,
        usage: { input_tokens: 7, output_tokens: 3, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
        permission_denials: [],
      });
      expect(server.requests[0]!.body.model).toBe('claude-cli-model');
      expect(JSON.stringify(server.requests[0]!.body.system)).toContain(`Working directory: ${other}`);
      expect((await createSessionStore({ dataDir }).list(other)).map((s) => s.id)).toEqual([result.session_id]);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('--output-format stream-json prints one JSON event per line: init, assistant, result', async () => {
    server.push({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } }, { content: [{ type: 'text', text: 'streamed' }] });
    const r = await cli(['-p', 'hi', '--output-format', 'stream-json']);
    expect(r.code).toBe(0);
    const events = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(events.map((e) => `${e.type}${e.subtype ? ':' + e.subtype : ''}`)).toEqual(['system:init', 'system:retry', 'assistant', 'result:success']);
    expect(events[0]).toMatchObject({ cwd: projectDir, model: 'claude-sonnet-5', session_id: events[3].session_id, apiKeySource: 'env:ANTHROPIC_API_KEY' });
    expect(events[2].message).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'streamed' }], stop_reason: 'end_turn' });
  });

  it('reads the prompt from piped stdin when -p has no value', async () => {
    server.push({ content: [{ type: 'text', text: 'from stdin' }] });
    const r = await cli(['-p'], { stdin: 'summarise this\n' });
    expect(r).toMatchObject({ code: 0, stdout: 'from stdin\n' });
    expect(server.requests[0]!.body.messages[0].content[0].text).toBe('summarise this');
    expect(await cli(['-p'])).toMatchObject({ code: 2, stderr: expect.stringContaining('no prompt') });
  });

  it('the process prepares its helpers before the engine loads, for commands that run it only', async () => {
    const calls: string[] = [];
    await cli(['--version'], { beforeEngine: () => calls.push('version') });
    await cli(['-p', 'hi'], { env: { ANTHROPIC_API_KEY: '' }, beforeEngine: () => calls.push('run') });
    expect(calls).toEqual(['run']);
  });

  it('without a key: exit 1 and one line on stderr, no request', async () => {
    const r = await cli(['-p', 'hi'], { env: { ANTHROPIC_API_KEY: '' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('agent-desk: No API key: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)\n');
    expect(server.requests).toHaveLength(0);
  });

  it('unreachable model: exit 1 with one clear line', async () => {
    const url = await closedPortUrl();
    const r = await cli(['-p', 'hi'], { env: { ANTHROPIC_BASE_URL: url, AGENT_DESK_MAX_ATTEMPTS: '2' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`agent-desk: Could not reach the model at ${url} (ECONNREFUSED)\n`);
    const bad = await cli(['-p', 'hi'], { env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' } });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trimEnd().split('\n')).toEqual(['agent-desk: Could not reach the model at http://127.0.0.1:9 (bad port: fetch refuses to connect to port 9)']);
  });

  it('a rejected key: json result with is_error, exit 1', async () => {
    server.push({ error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' } });
    const r = await cli(['-p', 'hi', '--output-format', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ type: 'result', subtype: 'error_during_execution', is_error: true, result: expect.stringContaining('401'), error: { code: 'auth' } });
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('Ctrl-C stops the run: partial text kept, exit 130', async () => {
    server.push({ content: [{ type: 'text', text: 'a slow and long reply' }], chunkSize: 2, delayMs: 100 });
    let interrupt: (() => void) | null = null;
    let chunksSeen = 0;
    // Press Ctrl-C once the second chunk of text is on screen.
    const r = await cli(['-p', 'hi'], {
      onInterrupt: (h) => ((interrupt = h), () => (interrupt = null)),
      onStdout: () => void (++chunksSeen === 2 && interrupt?.()),
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('agent-desk: Stopped.\n');
    expect(r.stdout.length).toBeGreaterThan(1);
    expect('a slow and long reply\n'.startsWith(r.stdout.trimEnd())).toBe(true);
  });

  it('--version, help, open hint, and usage errors', async () => {
    expect(await cli(['--version'])).toMatchObject({ code: 0, stdout: `${APP_VERSION}\n`, stderr: '' });
    expect((await cli(['--help'])).stdout).toContain('agent-desk serve');
    const hint = await cli([projectDir]);
    expect(hint.code).toBe(0);
    expect(hint.stdout).toContain(`npm start -- ${projectDir}`);
    expect(hint.stdout).toContain(`agent-desk serve ${projectDir}`);
    expect((await cli([])).code).toBe(0);
    expect(await cli(['-p', 'x', '--bogus'])).toMatchObject({ code: 2, stderr: "agent-desk: unknown option '--bogus' (see agent-desk --help)\n" });
    expect(await cli(['-p', 'x', '--output-format', 'xml'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--output-format must be one of') });
    expect(await cli(['-p', 'x', '--max-turns', '0'])).toMatchObject({ code: 2 });
    expect(await cli(['frobnicate'])).toMatchObject({ code: 2, stderr: "agent-desk: unknown command 'frobnicate' (see agent-desk --help)\n" });
    expect(await cli(['-p', 'x', '--cwd', path.join(projectDir, 'missing')])).toMatchObject({ code: 2, stderr: expect.stringContaining('no such directory') });
    expect(server.requests).toHaveLength(0);
  });
});

describe('parseCommand', () => {
  const isDir = (p: string) => p === '/proj';
  it('parses serve options and the shorthand run', () => {
    expect(parseCommand(['serve', '/proj', '--port', '8080', '--host', '0.0.0.0', '--token', 't'], isDir)).toEqual({ kind: 'serve', dir: '/proj', port: 8080, host: '0.0.0.0', token: 't', trustFolder: false });
    expect(parseCommand(['serve'], isDir)).toEqual({ kind: 'serve', dir: undefined, port: undefined, host: undefined, token: undefined, trustFolder: false });
    expect(parseCommand(['serve', '--trust-folder'], isDir)).toMatchObject({ kind: 'serve', trustFolder: true });
    expect(parseCommand(['serve', '--port', 'abc'], isDir)).toMatchObject({ kind: 'usage-error' });
    expect(parseCommand(['serve', '--nope'], isDir)).toEqual({ kind: 'usage-error', message: "unknown option '--nope'" });
    expect(parseCommand(['-p', 'a', 'b', '--max-turns', '3'], isDir)).toEqual({
      kind: 'run',
      args: {
        prompt: 'a b',
        cwd: null,
        outputFormat: 'text',
        model: null,
        maxTurns: 3,
        maxBudgetUsd: null,
        allowedTools: [],
        disallowedTools: [],
        permissionMode: null,
        permissionPromptTool: null,
        bare: false,
        assistant: false,
        settings: null,
        mcpConfig: [],
        strictMcpConfig: false,
      },
    });
    expect(parseCommand(['-p', 'a', '--assistant'], isDir)).toMatchObject({ kind: 'run', args: { assistant: true } });
    // MC5: --mcp-config is repeatable (files or JSON strings), as in Claude Code.
    expect(parseCommand(['-p', 'x', '--mcp-config', 'a.json', '--mcp-config', '{"mcpServers":{}}', '--strict-mcp-config'], isDir)).toMatchObject({
      kind: 'run',
      args: { mcpConfig: ['a.json', '{"mcpServers":{}}'], strictMcpConfig: true },
    });
    expect(parseCommand(['--model', 'x'], isDir)).toMatchObject({ kind: 'usage-error', message: expect.stringContaining('missing -p') });
    expect(parseCommand(['/proj'], isDir)).toEqual({ kind: 'open-hint', dir: '/proj' });
    expect(parseCommand(['--model'], isDir)).toMatchObject({ kind: 'usage-error', message: expect.stringContaining('--model') });
  });
});
