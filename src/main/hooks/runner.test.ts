// The hook runner against REAL shell scripts in a temp folder: decisions through JSON and exit 2,
// updated input, timeouts and missing scripts, matchers, stdin field names, event routing.
import { chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../process/kill-tree';
import { mergeHookSources, type HooksConfig } from '../settings/hooks-config';
import { createHookRunner } from './runner';
import type { HookRunner as PipelineHookRunner } from '../tools/pipeline/deps';
import type { HookRunner } from './types';

let dir: string;
const never = new AbortController().signal;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-hooks-')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes an executable bash script and returns its path. */
function script(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/bash\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

function runnerFor(hooks: unknown, extra: { defaultTimeoutMs?: number } = {}): { runner: HookRunner; config: HooksConfig } {
  const { config, warnings } = mergeHookSources([{ source: 'projectSettings', hooks }]);
  expect(warnings).toEqual([]);
  return {
    config,
    runner: createHookRunner({ config, projectDir: dir, transcriptPath: (id) => `/transcripts/${id}.jsonl`, ...extra }),
  };
}

const pre = (toolName = 'Bash', toolInput: unknown = { command: 'rm -rf build' }) => ({
  sessionId: 's1',
  toolName,
  toolInput,
  toolUseId: 'toolu_01',
  cwd: dir,
});

const cmd = (command: string, timeout?: number) => ({ type: 'command', command, ...(timeout ? { timeout } : {}) });
const preHooks = (matcher: string, ...commands: Array<ReturnType<typeof cmd>>) => ({ PreToolUse: [{ matcher, hooks: commands }] });

describe('hooks runner: PreToolUse decisions (PL4a)', () => {
  it('PL4a allow through JSON permissionDecision, with its reason', async () => {
    const s = script(
      'allow.sh',
      `cat >/dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"trusted command"}}'`,
    );
    const { runner } = runnerFor(preHooks('Bash', cmd(s)));
    expect(await runner.preToolUse(pre(), never)).toEqual({ decision: 'allow', reason: 'trusted command', messages: [] });
  });

  it('PL4a deny through exit 2: the call is blocked with the stderr message', async () => {
    const s = script('deny.sh', `echo "rm -rf is not allowed here" >&2; exit 2`);
    const { runner } = runnerFor(preHooks('Bash', cmd(s)));
    const r = await runner.preToolUse(pre(), never);
    expect(r.decision).toBe('deny');
    expect(r.blocked).toEqual({ message: 'rm -rf is not allowed here' });
    expect(r.reason).toBe('rm -rf is not allowed here');
  });

  it('PL4a ask through JSON; legacy approve/block map to allow/deny', async () => {
    const ask = script('ask.sh', `echo '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"please confirm"}}'`);
    expect(await runnerFor(preHooks('Bash', cmd(ask))).runner.preToolUse(pre(), never)).toEqual({
      decision: 'ask',
      reason: 'please confirm',
      messages: [],
    });
    const approve = script('approve.sh', `echo '{"decision":"approve","reason":"legacy ok"}'`);
    expect(await runnerFor(preHooks('Bash', cmd(approve))).runner.preToolUse(pre(), never)).toMatchObject({
      decision: 'allow',
      reason: 'legacy ok',
    });
    const block = script('block.sh', `echo '{"decision":"block","reason":"legacy no"}'`);
    expect(await runnerFor(preHooks('Bash', cmd(block))).runner.preToolUse(pre(), never)).toMatchObject({
      decision: 'deny',
      blocked: { message: 'legacy no' },
    });
  });

  it('PL4a continue:false blocks with the stopReason', async () => {
    const s = script('stop.sh', `echo '{"continue":false,"stopReason":"maintenance window"}'`);
    expect(await runnerFor(preHooks('Bash', cmd(s))).runner.preToolUse(pre(), never)).toMatchObject({
      decision: 'deny',
      blocked: { message: 'maintenance window' },
    });
  });

  it('PL4a updatedInput comes back with allow; a rewrite without a decision approves nothing', async () => {
    const rewrite = script(
      'rewrite.sh',
      `echo '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"rm -rf ./build"}}}'`,
    );
    expect(await runnerFor(preHooks('Bash', cmd(rewrite))).runner.preToolUse(pre(), never)).toEqual({
      decision: 'allow',
      updatedInput: { command: 'rm -rf ./build' },
      messages: [],
    });
    const only = script('only.sh', `echo '{"hookSpecificOutput":{"updatedInput":{"command":"ls"}}}'`);
    const r = await runnerFor(preHooks('Bash', cmd(only))).runner.preToolUse(pre(), never);
    expect(r.decision).toBeUndefined();
    expect(r.updatedInput).toEqual({ command: 'ls' });
  });

  it('PL4a deny beats ask beats allow; the hooks run in parallel (each waits for the others to start)', async () => {
    // Every script announces itself and then waits for the other two: run one by one, they would
    // all time out instead of deciding.
    const waitOthers = (me: string, others: string[]) =>
      `touch "${dir}/${me}.started"; for o in ${others.join(' ')}; do while [ ! -f "${dir}/$o.started" ]; do sleep 0.02; done; done`;
    const allow = script('p-allow.sh', `${waitOthers('a', ['b', 'c'])}; echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'`);
    const ask = script('p-ask.sh', `${waitOthers('b', ['a', 'c'])}; echo '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"check"}}'`);
    const deny = script('p-deny.sh', `${waitOthers('c', ['a', 'b'])}; echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"forbidden"}}'`);
    const all = runnerFor(preHooks('Bash', cmd(allow, 10), cmd(ask, 10), cmd(deny, 10))).runner;
    expect(await all.preToolUse(pre(), never)).toEqual({
      decision: 'deny',
      reason: 'forbidden',
      blocked: { message: 'forbidden' },
      messages: [],
    });
    for (const f of ['a', 'b', 'c']) rmSync(path.join(dir, `${f}.started`));
    const askAllow = script('q-allow.sh', `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'`);
    const askAsk = script('q-ask.sh', `echo '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"check"}}'`);
    expect(await runnerFor(preHooks('Bash', cmd(askAllow), cmd(askAsk))).runner.preToolUse(pre(), never)).toMatchObject({
      decision: 'ask',
      reason: 'check',
    });
  });

  it('plain stdout on exit 0 is ignored for PreToolUse; malformed JSON fields give a message', async () => {
    const plain = script('plain.sh', `echo "just chatter"`);
    expect(await runnerFor(preHooks('Bash', cmd(plain))).runner.preToolUse(pre(), never)).toEqual({ messages: [] });
    const bad = script('bad.sh', `echo '{"hookSpecificOutput":{"permissionDecision":"maybe"}}'`);
    const r = await runnerFor(preHooks('Bash', cmd(bad))).runner.preToolUse(pre(), never);
    expect(r.decision).toBeUndefined();
    expect(r.messages.join()).toContain('permissionDecision');
  });
});

describe('hooks runner: failures never hang a session', () => {
  it('a hook sleeping past its 1 s timeout is killed (with its children) and reported', async () => {
    const s = script('slow.sh', `sleep 30 & echo $! > "${dir}/child.pid"; wait`);
    const { runner } = runnerFor(preHooks('Bash', cmd(s, 1)));
    const r = await runner.preToolUse(pre(), never);
    expect(r.decision).toBeUndefined();
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toContain('timed out after 1s');
    const child = Number(readFileSync(path.join(dir, 'child.pid'), 'utf8'));
    expect(isProcessAlive(child)).toBe(false);
  });

  it('the default timeout applies when the hook sets none', async () => {
    const s = script('slow2.sh', `sleep 30`);
    const { runner } = runnerFor(preHooks('Bash', cmd(s)), { defaultTimeoutMs: 300 });
    const r = await runner.preToolUse(pre(), never);
    expect(r.messages[0]).toContain('timed out after 0.3s');
  });

  it('a hook that does not exist is a reported, non-blocking error', async () => {
    const { runner } = runnerFor(preHooks('Bash', cmd(path.join(dir, 'missing.sh'))));
    const r = await runner.preToolUse(pre(), never);
    expect(r.decision).toBeUndefined();
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toMatch(/failed with exit code 127: .*missing\.sh/);
  });

  it('other non-zero exits are reported and do not block; the other hooks still decide', async () => {
    const broken = script('broken.sh', `echo "oops" >&2; exit 1`);
    const allow = script('ok.sh', `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'`);
    const r = await runnerFor(preHooks('Bash', cmd(broken), cmd(allow))).runner.preToolUse(pre(), never);
    expect(r.decision).toBe('allow');
    expect(r.messages).toEqual([`PreToolUse hook "${broken}" failed with exit code 1: oops`]);
  });

  it('an abort (Stop) kills running hooks and the runner still resolves', async () => {
    const s = script('waits.sh', `touch "${dir}/started"; sleep 30`);
    const { runner } = runnerFor(preHooks('Bash', cmd(s)));
    const ac = new AbortController();
    const pending = runner.preToolUse(pre(), ac.signal);
    while (!existsSync(path.join(dir, 'started'))) await new Promise((r) => setTimeout(r, 20));
    ac.abort();
    const r = await pending;
    expect(r.decision).toBeUndefined();
    expect(r.messages[0]).toContain('was cancelled');
  });

  it('a configuration getter that throws yields no hooks, not a crash', async () => {
    const runner = createHookRunner({
      config: () => {
        throw new Error('settings unreadable');
      },
      projectDir: dir,
    });
    expect(await runner.preToolUse(pre(), never)).toEqual({ messages: [] });
  });
});

describe('hooks runner: matchers and input', () => {
  it('matchers select by tool name: "Bash|Write", "mcp__memory__.*", missing = all', async () => {
    const mark = (name: string) => script(`${name}.sh`, `echo "$(cat | tr -d '\\n')" >> "${dir}/${name}.log"`);
    const { runner } = runnerFor({
      PreToolUse: [
        { matcher: 'Bash|Write', hooks: [cmd(mark('shell-or-write'))] },
        { matcher: 'mcp__memory__.*', hooks: [cmd(mark('memory'))] },
        { hooks: [cmd(mark('all'))] },
      ],
    });
    for (const tool of ['Bash', 'Write', 'Read', 'mcp__memory__create_entities', 'mcp__other__x', 'BashOutput']) {
      await runner.preToolUse(pre(tool, {}), never);
    }
    const toolsIn = (name: string) =>
      readFileSync(path.join(dir, `${name}.log`), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).tool_name);
    expect(toolsIn('shell-or-write')).toEqual(['Bash', 'Write']);
    expect(toolsIn('memory')).toEqual(['mcp__memory__create_entities']);
    expect(toolsIn('all')).toHaveLength(6);
    expect(runner.has('PreToolUse', 'Read')).toBe(true);
  });

  it("the script receives Claude Code's stdin fields, runs in cwd, and sees CLAUDE_PROJECT_DIR", async () => {
    const s = script(
      'record.sh',
      `cat > "${dir}/stdin.json"; printf '%s|%s|%s' "$PWD" "$CLAUDE_PROJECT_DIR" "$AGENT_DESK_PROJECT_DIR" > "${dir}/env.txt"`,
    );
    const { runner } = runnerFor(preHooks('Bash', cmd(s)));
    await runner.preToolUse(pre('Bash', { command: 'npm test', timeout: 5000 }), never);
    expect(JSON.parse(readFileSync(path.join(dir, 'stdin.json'), 'utf8'))).toEqual({
      session_id: 's1',
      transcript_path: '/transcripts/s1.jsonl',
      cwd: dir,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'npm test', timeout: 5000 },
      tool_use_id: 'toolu_01',
    });
    expect(readFileSync(path.join(dir, 'env.txt'), 'utf8')).toBe(`${dir}|${dir}|${dir}`);
  });

  it('identical commands listed by several sources run once', async () => {
    const s = script('count.sh', `echo x >> "${dir}/count.log"`);
    const { config } = mergeHookSources([
      { source: 'userSettings', hooks: preHooks('Bash', cmd(s)) },
      { source: 'projectSettings', hooks: preHooks('.*', cmd(s)) },
    ]);
    await createHookRunner({ config, projectDir: dir }).preToolUse(pre(), never);
    expect(readFileSync(path.join(dir, 'count.log'), 'utf8')).toBe('x\n');
  });
});

describe('hooks runner: PostToolUse vs PostToolUseFailure (PL7)', () => {
  it('PL7 success goes to PostToolUse hooks only, failure to PostToolUseFailure hooks only', async () => {
    const post = script('post.sh', `cat > "${dir}/post.json"; echo "lint failed: fix src/a.ts" >&2; exit 2`);
    const fail = script('fail.sh', `cat > "${dir}/fail.json"; echo '{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"try --force"}}'`);
    const { runner } = runnerFor({
      PostToolUse: [{ matcher: 'Write', hooks: [cmd(post)] }],
      PostToolUseFailure: [{ matcher: 'Write', hooks: [cmd(fail)] }],
    });
    const ok = await runner.postToolUse(
      { sessionId: 's1', toolName: 'Write', toolInput: { file_path: 'a' }, toolResponse: { ok: true }, toolUseId: 't1', cwd: dir },
      never,
    );
    expect(ok).toEqual({ feedback: 'lint failed: fix src/a.ts', messages: [] });
    expect(existsSync(path.join(dir, 'fail.json'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dir, 'post.json'), 'utf8'))).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Write',
      tool_input: { file_path: 'a' },
      tool_response: { ok: true },
      tool_use_id: 't1',
    });
    rmSync(path.join(dir, 'post.json'));

    const bad = await runner.postToolUseFailure(
      { sessionId: 's1', toolName: 'Write', toolInput: { file_path: 'a' }, error: 'EACCES', toolUseId: 't2', cwd: dir },
      never,
    );
    expect(bad).toEqual({ feedback: 'try --force', messages: [] });
    expect(existsSync(path.join(dir, 'post.json'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dir, 'fail.json'), 'utf8'))).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Write',
      error: 'EACCES',
      tool_use_id: 't2',
    });
  });

  it('PL7 decision "block" with a reason is feedback; continue:false asks the turn to stop', async () => {
    const s = script('post-block.sh', `echo '{"decision":"block","reason":"format the file first","continue":false,"stopReason":"done here"}'`);
    const r = await runnerFor({ PostToolUse: [{ matcher: 'Edit', hooks: [cmd(s)] }] }).runner.postToolUse(
      { sessionId: 's1', toolName: 'Edit', toolInput: {}, toolResponse: {}, toolUseId: 't', cwd: dir },
      never,
    );
    expect(r).toEqual({ feedback: 'format the file first', stop: { reason: 'done here' }, messages: [] });
  });
});

describe('hooks runner: UserPromptSubmit, Stop, SessionStart', () => {
  it('UserPromptSubmit: exit 2 blocks the prompt; plain stdout and additionalContext become context', async () => {
    const guard = script('guard.sh', `if grep -q secret; then echo "prompt mentions a secret" >&2; exit 2; fi`);
    const ctx = script('ctx.sh', `cat > "${dir}/prompt.json"; echo "Current branch: main"`);
    const json = script('ctx-json.sh', `echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"Ticket ABC-1"}}'`);
    const { runner } = runnerFor({ UserPromptSubmit: [{ hooks: [cmd(guard), cmd(ctx), cmd(json)] }] });
    expect(await runner.userPromptSubmit({ sessionId: 's1', prompt: 'print the secret', cwd: dir }, never)).toEqual({
      blocked: { message: 'prompt mentions a secret' },
      messages: [],
    });
    expect(await runner.userPromptSubmit({ sessionId: 's1', prompt: 'fix the bug', cwd: dir }, never)).toEqual({
      additionalContext: 'Current branch: main\nTicket ABC-1',
      messages: [],
    });
    expect(JSON.parse(readFileSync(path.join(dir, 'prompt.json'), 'utf8'))).toMatchObject({
      hook_event_name: 'UserPromptSubmit',
      prompt: 'fix the bug',
      session_id: 's1',
    });
  });

  it('Stop: decision block keeps the model going with the reason; stop_hook_active is passed', async () => {
    const s = script(
      'stop.sh',
      `input=$(cat); echo "$input" > "${dir}/stop.json"; if echo "$input" | grep -q '"stop_hook_active":false'; then echo '{"decision":"block","reason":"tests are still failing"}'; fi`,
    );
    const { runner } = runnerFor({ Stop: [{ hooks: [cmd(s)] }] });
    expect(await runner.stop({ sessionId: 's1', cwd: dir }, never)).toEqual({
      blocked: { message: 'tests are still failing' },
      messages: [],
    });
    expect(await runner.stop({ sessionId: 's1', cwd: dir, stopHookActive: true }, never)).toEqual({ messages: [] });
  });

  it('SessionStart: matcher on the source; stdout becomes context; exit 2 only informs', async () => {
    const startup = script('startup.sh', `echo "Welcome back"`);
    const resume = script('resume.sh', `cat > "${dir}/resume.json"; echo "Resumed"`);
    const loud = script('loud.sh', `echo "cannot block" >&2; exit 2`);
    const { runner } = runnerFor({
      SessionStart: [
        { matcher: 'startup', hooks: [cmd(startup), cmd(loud)] },
        { matcher: 'resume', hooks: [cmd(resume)] },
      ],
    });
    const s = await runner.sessionStart({ sessionId: 's1', cwd: dir, source: 'startup' }, never);
    expect(s.additionalContext).toBe('Welcome back');
    expect(s.messages).toEqual([`SessionStart hook "${loud}": cannot block`]);
    expect(await runner.sessionStart({ sessionId: 's1', cwd: dir, source: 'resume' }, never)).toEqual({
      additionalContext: 'Resumed',
      messages: [],
    });
    expect(JSON.parse(readFileSync(path.join(dir, 'resume.json'), 'utf8'))).toMatchObject({
      hook_event_name: 'SessionStart',
      source: 'resume',
    });
  });

  it('no hooks configured: every event resolves with an empty result', async () => {
    const { runner } = runnerFor({});
    // The pipeline takes this runner as is (compile-time check).
    const forPipeline: PipelineHookRunner = runner;
    expect(await forPipeline.postToolUse(
      { sessionId: 's', toolName: 'Bash', toolInput: {}, toolResponse: {}, toolUseId: 't', cwd: dir },
      never,
    )).toEqual({ messages: [] });
    expect(await runner.preToolUse(pre(), never)).toEqual({ messages: [] });
    expect(await runner.stop({ sessionId: 's', cwd: dir }, never)).toEqual({ messages: [] });
    expect(runner.has('Stop')).toBe(false);
  });
});
