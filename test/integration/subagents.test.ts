// Subagents end to end on the fake Messages API (AG1–AG8): a sync agent's answer is the Agent call's
// result; a background one is read through TaskOutput; Explore is never offered an editing tool; a
// user's agent from .claude/agents gets exactly its tools and its body as system prompt; an isolated
// agent works on its own branch in a worktree and leaves the project untouched.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Body = { system?: Array<{ text: string }>; tools?: Array<{ name: string }>; messages: Array<{ role: string; content: unknown }> };
const toolNames = (body: Body) => (body.tools ?? []).map((t) => t.name).sort();
const systemText = (body: Body) => (body.system ?? []).map((b) => b.text).join('\n');
const firstUserText = (body: Body) => {
  const c = body.messages[0]!.content;
  return typeof c === 'string' ? c : (c as Array<{ type: string; text?: string }>).map((b) => b.text ?? '').join('');
};

describe('subagents (AG)', () => {
  it('AG7: SubagentStart gives the subagent context, matched on its type; SubagentStop sends it back to work once, with stop_hook_active', async () => {
    const started = path.join(h.home, 'start.json');
    const stops = path.join(h.home, 'stops.jsonl');
    h.script('start.sh', `cat > ${JSON.stringify(started)}; echo '{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"Remember: the tests live in spec/."}}'`);
    // The first stop is blocked with a reason; the second (stop_hook_active) lets the answer go.
    h.script('stop.sh', `input=$(cat); echo "$input" >> ${JSON.stringify(stops)}; case "$input" in *'"stop_hook_active":true'*) exit 0;; esac; echo "Also list the spec files." >&2; exit 2`);
    h.script('other.sh', `echo '{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"NOT FOR EXPLORE"}}'`);
    h.projectSettings({
      hooks: {
        SubagentStart: [
          { matcher: 'general-purpose', hooks: [{ type: 'command', command: path.join(h.projectDir, '.claude/hooks/start.sh') }] },
          { matcher: 'Plan', hooks: [{ type: 'command', command: path.join(h.projectDir, '.claude/hooks/other.sh') }] },
        ],
        SubagentStop: [{ matcher: 'general-purpose', hooks: [{ type: 'command', command: path.join(h.projectDir, '.claude/hooks/stop.sh') }] }],
      },
    });
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'Find tests', prompt: 'Where are the tests?', subagent_type: 'general-purpose' } }] },
      { content: [{ type: 'text', text: 'In spec/.' }] },
      { content: [{ type: 'text', text: 'In spec/: a.spec.ts and b.spec.ts.' }] },
      { content: [{ type: 'text', text: 'Found them.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('find the tests').done).ok).toBe(true);
    expect(h.server.requests).toHaveLength(4);

    const child = h.server.requests[1]!.body as Body;
    expect(firstUserText(child)).toBe('Where are the tests?\n\nRemember: the tests live in spec/.');
    expect(JSON.stringify(child)).not.toContain('NOT FOR EXPLORE');
    const start = JSON.parse(readFileSync(started, 'utf8')) as Record<string, unknown>;
    expect(start).toMatchObject({ hook_event_name: 'SubagentStart', session_id: session.id, agent_type: 'general-purpose' });
    expect(start.agent_id).toMatch(/^a[0-9a-f]{16}$/);

    // Blocked once: the subagent read the hook's reason and answered again.
    const again = JSON.stringify((h.server.requests[2]!.body as Body).messages.at(-1));
    expect(again).toContain('SubagentStop hook feedback');
    expect(again).toContain('Also list the spec files.');
    const seen = readFileSync(stops, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(seen.map((e) => e.stop_hook_active)).toEqual([false, true]);
    expect(seen[0]).toMatchObject({ hook_event_name: 'SubagentStop', agent_type: 'general-purpose', agent_id: start.agent_id, last_assistant_message: 'In spec/.' });
    expect(String(seen[0]!.agent_transcript_path)).toMatch(new RegExp(`${String(start.agent_id)}\\.jsonl$`));
    // The parent got the answer given after the hook let it go.
    expect(resultFor(h.server.requests[3]!.body, 'toolu_agent')!.content).toContain('a.spec.ts and b.spec.ts');
  });

  it("AG7: a sync agent's final answer is embedded in the parent's tool_result; its own calls are tagged with the Agent call", async () => {
    writeFileSync(path.join(h.projectDir, 'notes.txt'), 'the answer is 42\n');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'Find the answer', prompt: 'Read notes.txt and tell me the answer', subagent_type: 'general-purpose' } }] },
      // The child's turns.
      { content: [{ type: 'tool_use', id: 'toolu_child_read', name: 'Read', input: { file_path: path.join(h.projectDir, 'notes.txt') } }] },
      { content: [{ type: 'text', text: 'The notes say the answer is 42.' }] },
      // The parent again.
      { content: [{ type: 'text', text: 'It is 42.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const outcome = await session.start('what is the answer?').done;
    expect(outcome).toMatchObject({ ok: true, turns: 2 });
    expect(h.server.requests).toHaveLength(4);

    const child = h.server.requests[1]!.body as Body;
    expect(firstUserText(child)).toBe('Read notes.txt and tell me the answer');
    expect(toolNames(child)).not.toContain('Agent');
    expect(toolNames(child)).toContain('Write');
    expect(systemText(child)).toContain(`Working directory: ${h.projectDir}`);

    const result = resultFor(h.server.requests[3]!.body, 'toolu_agent')!;
    expect(result.is_error).toBeUndefined();
    expect(result.content).toContain('The notes say the answer is 42.');
    expect(result.content).toMatch(/agentId: a[0-9a-f]{16}/);

    // The child's Read is a card of its own under the Agent call; the Agent card ends with the answer.
    expect(h.calls().get('toolu_child_read')).toMatchObject({ state: 'succeeded', parentToolUseId: 'toolu_agent' });
    expect(h.calls().get('toolu_agent')).toMatchObject({ state: 'succeeded', result: { data: { status: 'completed', result: 'The notes say the answer is 42.' } } });
    // Its own conversation is saved beside the session's file.
    const agentId = /agentId: (a[0-9a-f]{16})/.exec(result.content)![1]!;
    const sidechain = path.join(h.dataDir, 'projects');
    const files = execFileSync('find', [sidechain, '-name', `${agentId}.jsonl`], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(`${session.id}.agents`);
    const lines = readFileSync(files[0]!, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; message?: { role: string } });
    expect(lines.map((l) => l.message?.role ?? l.type)).toEqual(['agent', 'user', 'assistant', 'user', 'assistant']);
  });

  it('AG7: a background agent is a task: the call answers at once with its id, TaskOutput reads its answer', async () => {
    let agentId = '';
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_bg', name: 'Agent', input: { description: 'Count things', prompt: 'Say hello', run_in_background: true } }] },
      { content: [{ type: 'text', text: 'Hello from the background.' }] },
      (req) => {
        agentId = /task_id: '(a[0-9a-f]{16})'/.exec(JSON.stringify(req.body))![1]!;
        return { content: [{ type: 'tool_use', id: 'toolu_out', name: 'TaskOutput', input: { task_id: agentId, block: true, timeout: 10_000 } }] };
      },
      { content: [{ type: 'text', text: 'Done.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const outcome = await session.start('start it in the background').done;
    expect(outcome.ok).toBe(true);
    const launched = resultFor(h.server.requests.find((r) => JSON.stringify(r.body).includes('Async agent launched'))!.body, 'toolu_bg')!;
    expect(launched.content).toContain('Async agent launched successfully.');
    expect(launched.content).toContain(`agentId: ${agentId}`);
    const out = resultFor(h.server.requests.at(-1)!.body, 'toolu_out')!;
    expect(out.content).toContain('<retrieval_status>success</retrieval_status>');
    expect(out.content).toContain('<task_type>local_agent</task_type>');
    expect(out.content).toContain('<status>completed</status>');
    expect(out.content).toContain('Hello from the background.');
  });

  it('AG5: an Explore agent is never offered Write, Edit or NotebookEdit, and its Bash refuses a command that writes', async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_ex', name: 'Agent', input: { description: 'Look around', prompt: 'Explore', subagent_type: 'Explore' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_ex_bash', name: 'Bash', input: { command: 'touch made-by-explore' } }] },
      { content: [{ type: 'text', text: 'Nothing to change.' }] },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine({ allowedTools: ['Bash'] });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('explore').done).ok).toBe(true);
    const child = h.server.requests[1]!.body as Body;
    expect(toolNames(child)).toEqual(['Bash', 'Glob', 'Grep', 'Read']);
    expect(systemText(child)).toContain('READ-ONLY');
    const refused = resultFor(h.server.requests[2]!.body, 'toolu_ex_bash')!;
    expect(refused.is_error).toBe(true);
    expect(refused.content).toContain('read-only');
    expect(existsSync(path.join(h.projectDir, 'made-by-explore'))).toBe(false);
  });

  it("AG2/AG5/AG6: a user-defined agent from .claude/agents gets exactly its listed tools and its body as system prompt", async () => {
    mkdirSync(path.join(h.projectDir, '.claude', 'agents'), { recursive: true });
    writeFileSync(path.join(h.projectDir, '.claude', 'agents', 'reviewer.md'), '---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep\n---\nYou are a strict code reviewer. Report problems only.\n');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_rev', name: 'Agent', input: { description: 'Review the code', prompt: 'Review it', subagent_type: 'reviewer' } }] },
      { content: [{ type: 'text', text: 'No problems.' }] },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('review').done).ok).toBe(true);
    const child = h.server.requests[1]!.body as Body;
    expect(toolNames(child)).toEqual(['Grep', 'Read']);
    expect(systemText(child).startsWith('You are a strict code reviewer. Report problems only.')).toBe(true);
    expect(resultFor(h.server.requests[2]!.body, 'toolu_rev')!.content).toContain('No problems.');
  });

  it("AG8: a subagent's permission request reaches the session's approvals, marked with the agent's name", async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_ask', name: 'Agent', input: { description: 'Make a file', prompt: 'Touch it', name: 'File maker' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_ask_bash', name: 'Bash', input: { command: 'touch made-by-agent' } }] },
      { content: [{ type: 'text', text: 'Made it.' }] },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const done = session.start('make a file').done;
    const asked = await h.waitFor((e) => e.type === 'permission_request');
    if (asked.type !== 'permission_request') throw new Error('not a request');
    expect(asked.request).toMatchObject({ toolName: 'Bash', toolUseId: 'toolu_ask_bash', origin: { kind: 'subagent', label: 'File maker' } });
    expect(session.pendingPermissions().map((r) => r.requestId)).toEqual([asked.request.requestId]);
    expect(session.replyPermission({ requestId: asked.request.requestId, decision: 'allow_once' })).toBe(true);
    expect((await done).ok).toBe(true);
    expect(existsSync(path.join(h.projectDir, 'made-by-agent'))).toBe(true);
    expect(resultFor(h.server.requests[3]!.body, 'toolu_ask')!.content).toContain('Made it.');
  });

  it("AG2: an untrusted folder's own agents are not offered: the call says which agents there are", async () => {
    mkdirSync(path.join(h.projectDir, '.claude', 'agents'), { recursive: true });
    writeFileSync(path.join(h.projectDir, '.claude', 'agents', 'reviewer.md'), '---\nname: reviewer\ndescription: Reviews code\n---\nReview.\n');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_untrusted', name: 'Agent', input: { description: 'Review', prompt: 'Review it', subagent_type: 'reviewer' } }] },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine({}, { folderTrust: 'ask' });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('review').done).ok).toBe(true);
    const r = resultFor(h.server.requests[1]!.body, 'toolu_untrusted')!;
    expect(r.is_error).toBe(true);
    expect(r.content).toContain("Agent type 'reviewer' not found. Available agents: general-purpose, Explore, Plan");
  });

  it('AG2: an unknown agent type is an error that names the ones there are', async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_no', name: 'Agent', input: { description: 'x', prompt: 'y', subagent_type: 'nope' } }] },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('go').done).ok).toBe(true);
    const r = resultFor(h.server.requests[1]!.body, 'toolu_no')!;
    expect(r.is_error).toBe(true);
    expect(r.content).toContain("Agent type 'nope' not found. Available agents: general-purpose, Explore, Plan");
  });

  it('AG4: an isolated agent edits only its worktree; the result reports its branch and diff stat; the project is untouched', async () => {
    const gitIn = (...args: string[]) => execFileSync('git', args, { cwd: h.projectDir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    gitIn('init', '-q', '-b', 'main');
    writeFileSync(path.join(h.projectDir, 'app.txt'), 'one\n');
    gitIn('add', 'app.txt');
    gitIn('commit', '-qm', 'start');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_iso', name: 'Agent', input: { description: 'Change the app', prompt: 'Add a line', isolation: 'worktree' } }] },
      (req) => {
        const cwd = /Working directory: (\S+)/.exec(systemText(req.body as Body))![1]!;
        return { content: [{ type: 'tool_use', id: 'toolu_iso_bash', name: 'Bash', input: { command: `echo two >> ${path.join(cwd, 'app.txt')}` } }] };
      },
      { content: [{ type: 'text', text: 'Added a line.' }] },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine({ allowedTools: ['Bash'] });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('change it, isolated').done).ok).toBe(true);
    const r = resultFor(h.server.requests[3]!.body, 'toolu_iso')!;
    expect(r.content).toContain('Added a line.');
    const branch = /on branch (agent\/a[0-9a-f]{16})/.exec(r.content)![1]!;
    expect(r.content).toMatch(/app\.txt \| 1 \+/);
    // The project's own tree and status are as they were; the work is on the agent's branch.
    expect(readFileSync(path.join(h.projectDir, 'app.txt'), 'utf8')).toBe('one\n');
    expect(gitIn('status', '--porcelain')).toBe('');
    expect(gitIn('show', `${branch}:app.txt`)).toBe('one\ntwo\n');
    const cwd = /Working directory: (\S+)/.exec(systemText(h.server.requests[1]!.body as Body))![1]!;
    expect(cwd.startsWith(h.dataDir)).toBe(true);
  });
});
