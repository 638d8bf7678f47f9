// `agent-desk -p` running tools headless (in-process main(), real SDK, fake API): Claude Code's flags
// (--allowedTools, --disallowedTools, --permission-mode, --permission-prompt-tool, --bare) and the
// stream-json protocol, line by line: system init, assistant, user (tool results), result.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli-run';
import { allBuiltinNames, createHarness, resultFor, sentBuiltinNames, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

const cli = (argv: string[]) => runCli(h, argv);

const bashTurn = (id: string, command: string) => ({ content: [{ type: 'tool_use' as const, id, name: 'Bash', input: { command } }] });

describe('agent-desk -p with tools', () => {
  it('--allowedTools Bash lets Bash run headless; stdout is only the reply', async () => {
    h.server.push(bashTurn('toolu_1', 'echo from bash'), { content: [{ type: 'text', text: 'Bash said hi.' }] });
    const r = await cli(['-p', 'run it', '--allowedTools', 'Bash']);
    expect(r).toEqual({ code: 0, stdout: 'Bash said hi.\n', stderr: '' });
    expect(resultFor(h.server.requests[1]!.body, 'toolu_1')).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: 'from bash' });
  });

  it('without a rule the headless run reports the denial (stderr, and permission_denials in json)', async () => {
    h.server.push(bashTurn('toolu_2', 'touch made-it'), { content: [{ type: 'text', text: 'I could not run it.' }] });
    const r = await cli(['-p', 'run it']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('I could not run it.\n');
    expect(r.stderr).toMatch(/^agent-desk: Bash was not run: Permission to use Bash was not granted: agent-desk ran headless .*--allowedTools "Bash\(touch made-it\)"/);
    const denied = resultFor(h.server.requests[1]!.body, 'toolu_2')!;
    expect(denied.is_error).toBe(true);

    h.server.push(bashTurn('toolu_3', 'touch made-it'), { content: [{ type: 'text', text: 'Denied again.' }] });
    const json = await cli(['-p', 'run it', '--output-format', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      subtype: 'success',
      permission_denials: [{ tool_name: 'Bash', tool_use_id: 'toolu_3', tool_input: { command: 'touch made-it' } }],
    });
  });

  it('unknown tool names in --allowedTools are accepted silently; rule syntax with spaces works', async () => {
    h.server.push(bashTurn('toolu_4', 'echo exact'), { content: [{ type: 'text', text: 'ok' }] });
    const r = await cli(['-p', 'go', '--allowedTools', 'Read,Grep,Glob', '--allowedTools', 'Bash(echo exact) WebFetch']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(resultFor(h.server.requests[1]!.body, 'toolu_4')!.content).toBe('exact');
  });

  it('--disallowedTools Bash removes Bash before the model sees it; --permission-mode bypassPermissions runs it', async () => {
    h.server.push({ content: [{ type: 'text', text: 'no bash' }] });
    expect((await cli(['-p', 'go', '--disallowedTools', 'Bash'])).code).toBe(0);
    expect(h.server.requests[0]!.body.tools.map((t: { name: string }) => t.name)).toEqual(sentBuiltinNames((n) => n === 'Bash'));
    // A tool-name glob removes every tool it names (PL4c).
    h.server.push({ content: [{ type: 'text', text: 'no editing' }] });
    expect((await cli(['-p', 'go', '--disallowedTools', '*Edit'])).code).toBe(0);
    expect(h.server.requests.at(-1)!.body.tools.map((t: { name: string }) => t.name)).toEqual(sentBuiltinNames((n) => n.endsWith('Edit')));
    h.server.requests.splice(0, h.server.requests.length - 1);

    h.server.push(bashTurn('toolu_5', 'echo bypassed'), { content: [{ type: 'text', text: 'ok' }] });
    expect((await cli(['-p', 'go', '--permission-mode', 'bypassPermissions'])).code).toBe(0);
    expect(resultFor(h.server.requests[2]!.body, 'toolu_5')!.content).toBe('bypassed');

    h.server.push(bashTurn('toolu_6', 'touch planned'), { content: [{ type: 'text', text: 'ok' }] });
    expect((await cli(['-p', 'go', '--permission-mode', 'plan', '--allowedTools', 'Bash'])).code).toBe(0);
    expect(resultFor(h.server.requests[4]!.body, 'toolu_6')!.content).toContain('plan mode');
    // A read-only command runs in plan mode (TC2): looking around is what planning is for.
    h.server.push(bashTurn('toolu_7', 'echo looking'), { content: [{ type: 'text', text: 'ok' }] });
    expect((await cli(['-p', 'go', '--permission-mode', 'plan'])).code).toBe(0);
    expect(resultFor(h.server.requests[6]!.body, 'toolu_7')!.content).toBe('looking');
  });

  it('usage errors: a bad mode, a malformed rule, --permission-prompt-tool (needs MCP): exit 2, no request', async () => {
    expect(await cli(['-p', 'go', '--permission-mode', 'yolo'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--permission-mode must be one of default, acceptEdits, plan, bypassPermissions') });
    expect(await cli(['-p', 'go', '--allowedTools', 'Bash(npm test'])).toMatchObject({ code: 2, stderr: expect.stringContaining("--allowedTools: 'Bash(npm test' is not a valid tool rule") });
    expect(await cli(['-p', 'go', '--permission-prompt-tool', 'mcp__auth__prompt'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-desk: --permission-prompt-tool needs an MCP tool, and MCP servers are not supported yet; use --allowedTools or --permission-mode instead\n',
    });
    expect(h.server.requests).toHaveLength(0);
  });

  it('--output-format stream-json: each line parses; system init, assistant, user, assistant, result in order', async () => {
    h.server.push(
      { content: [{ type: 'text', text: 'Running.' }, { type: 'tool_use', id: 'toolu_7', name: 'Bash', input: { command: 'echo streamed' } }], usage: { input_tokens: 1000, output_tokens: 100 } },
      { content: [{ type: 'text', text: 'Finished.' }], usage: { input_tokens: 1200, output_tokens: 20 } },
    );
    const r = await cli(['-p', 'go', '--output-format', 'stream-json', '--allowedTools', 'Bash', '--verbose']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => (l.subtype ? `${l.type}:${l.subtype}` : l.type))).toEqual(['system:init', 'assistant', 'user', 'assistant', 'result:success']);
    const [init, assistant, user, , result] = lines;
    expect(init).toMatchObject({ session_id: result.session_id, cwd: h.projectDir, model: 'claude-sonnet-5', tools: allBuiltinNames(), permissionMode: 'default' });
    expect(assistant.message.content).toEqual([{ type: 'text', text: 'Running.' }, { type: 'tool_use', id: 'toolu_7', name: 'Bash', input: { command: 'echo streamed' } }]);
    expect(user).toMatchObject({ type: 'user', session_id: result.session_id, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_7', content: 'streamed' }] } });
    // Sonnet 5's list prices: $2 / $10 per million tokens.
    expect(result).toMatchObject({
      is_error: false,
      num_turns: 2,
      result: 'Finished.',
      total_cost_usd: (2200 * 2 + 120 * 10) / 1e6,
      usage: { input_tokens: 2200, output_tokens: 120, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      duration_ms: expect.any(Number),
    });
  });

  it('--max-turns ends with error_max_turns after answering the last turn\'s tools', async () => {
    h.server.push(bashTurn('toolu_8', 'echo once'));
    const r = await cli(['-p', 'go', '--max-turns', '1', '--allowedTools', 'Bash', '--output-format', 'stream-json']);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toEqual(['system', 'assistant', 'user', 'result']);
    expect(lines.at(-1)).toMatchObject({ subtype: 'error_max_turns', is_error: true, num_turns: 1 });
  });

  it('--bare keeps only Bash, Read and Edit', async () => {
    h.server.push({ content: [{ type: 'text', text: 'bare' }] });
    expect((await cli(['-p', 'go', '--bare'])).code).toBe(0);
    expect(h.server.requests[0]!.body.tools.map((t: { name: string }) => t.name)).toEqual(['Bash', 'Edit', 'Read']);
  });
});
