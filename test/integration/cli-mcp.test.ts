// `agent-desk -p --mcp-config FILE` end to end (MC1, MC5): the CLI (in-process main(), real SDK, fake
// API) starts server-everything over stdio from the file, the model is offered its tools, calls one,
// and the server's answer reaches the next request; --strict-mcp-config leaves the other scopes out.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli-run';
import { createHarness, resultFor, type Harness } from './harness';
import { EVERYTHING } from './mcp/everything';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

const servers = (name: string) => ({ mcpServers: { [name]: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
const toolNames = (i: number) => h.server.requests[i]!.body.tools.map((t: { name: string }) => t.name) as string[];

describe('agent-desk -p --mcp-config (MC1, MC5)', () => {
  it("the model calls an MCP tool from the config file and the server's answer reaches the next request", async () => {
    const file = path.join(h.projectDir, 'mcp.json');
    writeFileSync(file, JSON.stringify(servers('ev')));
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_m1', name: 'mcp__ev__echo', input: { message: 'through MCP' } }] }, { content: [{ type: 'text', text: 'The server echoed.' }] });
    const r = await runCli(h, ['-p', 'echo it', '--mcp-config', 'mcp.json', '--allowedTools', 'mcp__ev']);
    expect(r).toEqual({ code: 0, stdout: 'The server echoed.\n', stderr: '' });
    expect(toolNames(0)).toEqual(expect.arrayContaining(['Bash', 'mcp__ev__echo', 'mcp__ev__get-sum', 'ListMcpResourcesTool']));
    // The built-ins stay the prefix; MCP tools come after them (AS3).
    expect(toolNames(0).indexOf('Write')).toBeLessThan(toolNames(0).indexOf('mcp__ev__echo'));
    expect(resultFor(h.server.requests[1]!.body, 'toolu_m1')).toEqual({ type: 'tool_result', tool_use_id: 'toolu_m1', content: 'Echo: through MCP' });
  });

  it('without an allow rule the headless run denies the MCP call and says which flag allows it', async () => {
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_m2', name: 'mcp__ev__echo', input: { message: 'x' } }] }, { content: [{ type: 'text', text: 'Not allowed.' }] });
    const r = await runCli(h, ['-p', 'echo it', '--mcp-config', JSON.stringify(servers('ev'))]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/mcp__ev__echo was not run/);
    expect(resultFor(h.server.requests[1]!.body, 'toolu_m2')!.is_error).toBe(true);
  });

  it("--strict-mcp-config: only the flag's servers, not the project's .mcp.json", async () => {
    writeFileSync(path.join(h.projectDir, '.mcp.json'), JSON.stringify(servers('proj')));
    h.server.push({ content: [{ type: 'text', text: 'ok' }] });
    expect((await runCli(h, ['-p', 'hi', '--mcp-config', JSON.stringify(servers('flag')), '--strict-mcp-config'])).code).toBe(0);
    const names = toolNames(0);
    expect(names).toContain('mcp__flag__echo');
    expect(names.some((n) => n.startsWith('mcp__proj__'))).toBe(false);
  });

  it('a headless run uses the project .mcp.json without a trust prompt; a broken --mcp-config is a warning, not a failure', async () => {
    writeFileSync(path.join(h.projectDir, '.mcp.json'), JSON.stringify(servers('proj')));
    h.server.push({ content: [{ type: 'text', text: 'ok' }] });
    const r = await runCli(h, ['-p', 'hi', '--mcp-config', 'missing.json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`--mcp-config ${path.join(h.projectDir, 'missing.json')}: no such file.`);
    expect(toolNames(0)).toContain('mcp__proj__echo');
  });

  it('usage errors: --strict-mcp-config alone, an empty --mcp-config', async () => {
    expect(await runCli(h, ['-p', 'hi', '--strict-mcp-config'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--strict-mcp-config needs at least one --mcp-config') });
    expect(await runCli(h, ['-p', 'hi', '--mcp-config', ' '])).toMatchObject({ code: 2, stderr: expect.stringContaining('--mcp-config needs a file or a JSON string') });
  });
});
