// Budgets on the fake model server (issue 20 item 4): a conversation's budget from the settings
// (`agentDesk.budget`) gives a notice at 80 %, pauses before the next request at 100 % and asks in the
// approval inbox; "continue once more", "raise" and "stop" each do what they say, and the stop says why.
// A background task's budget (the session option) that nobody answers becomes a stop, never a continue.
// Headless: --max-budget-usd ends the run before its next request with its message and exit code 3.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedReply } from '../fake-model/server';
import type { SessionEvent } from '../../src/shared/session-events';
import type { PermissionRequestView } from '../../src/shared/permissions/request';
import { runCli } from './cli-run';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

/** One tool turn of 2,100 tokens (ToolSearch: allowed without asking). */
const step = (id: string): ScriptedReply => ({ content: [{ type: 'tool_use', id, name: 'ToolSearch', input: { query: id } }], usage: { input_tokens: 2000, output_tokens: 100 } });
const steps = (n: number, last = 'Done.') => {
  for (let i = 1; i <= n; i++) h.server.push(step(`toolu_b${i}`));
  h.server.push({ content: [{ type: 'text', text: last }], usage: { input_tokens: 2000, output_tokens: 100 } });
};
type BudgetEvent = Extract<SessionEvent, { type: 'budget' }>;
const budgets = () => h.events.filter((e): e is BudgetEvent => e.type === 'budget').map((e) => e.budget);
const question = async (n = 1): Promise<PermissionRequestView> => {
  const asks = () => h.events.filter((e): e is Extract<SessionEvent, { type: 'permission_request' }> => e.type === 'permission_request' && e.request.toolName === 'Budget');
  await h.waitFor(() => asks().length >= n);
  return asks()[n - 1]!.request;
};

describe('a conversation that reaches its budget', () => {
  beforeEach(() => h.projectSettings({ agentDesk: { budget: { conversation: { tokens: 5000 } } } }));

  it('notices at 80 %, pauses before the next request and asks; continue lets exactly one more go; stop ends the run saying why', async () => {
    steps(8);
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const run = session.start('Do the steps').done;

    const ask = await question();
    // Three calls (6,300 tokens) went; the fourth waits for the answer.
    expect(h.server.requests).toHaveLength(3);
    expect(ask).toMatchObject({ toolName: 'Budget', kind: 'other', origin: { kind: 'session' } });
    expect(ask.message).toBe('This conversation has used up its budget of 5,000 tokens (6,300 tokens used). Should the assistant go on?');
    expect(budgets().map((b) => b.phase)).toContain('near');
    expect(budgets().find((b) => b.phase === 'near')).toMatchObject({ percent: 84 });
    expect(budgets().at(-1)).toMatchObject({ phase: 'paused', percent: 126 });
    // The inbox lists it with the session's other requests.
    expect((await engine.sessions.pendingPermissions(h.projectDir)).map((r) => r.requestId)).toEqual([ask.requestId]);

    // "Always allow" makes no sense for a budget: refused, the question still waits.
    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: ask.requestId, decision: 'allow_always' })).toBe(false);
    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: ask.requestId, decision: 'allow_once' })).toBe(true);
    const again = await question(2);
    expect(h.server.requests).toHaveLength(4);
    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: again.requestId, decision: 'deny' })).toBe(true);

    const outcome = await run;
    expect(h.server.requests).toHaveLength(4);
    expect(outcome).toMatchObject({ ok: true, budgetStopped: true, stopped: { kind: 'budget', canContinue: true } });
    expect(outcome.stopped!.text).toBe('This conversation reached its budget of 5,000 tokens (8,400 tokens used). You chose to stop. Continue asks again; you can raise the budget then.');
    expect(budgets().at(-1)).toMatchObject({ phase: 'stopped' });
    // Saved with the run's last message: a reopened conversation still says why, and shows its budget.
    const reopened = await (await h.engine()).sessions.open(h.projectDir, session.id);
    expect(reopened.messages.at(-1)!.stopped).toMatchObject({ kind: 'budget' });
    expect(reopened.budget).toMatchObject({ limit: { tokens: 5000 }, spentTokens: 8400 });
  });

  it("the list's summary follows every call of the turn: at the pause it says what the question says", async () => {
    steps(4);
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const run = session.start('Do the steps').done;
    const ask = await question();
    type Summary = Extract<SessionEvent, { type: 'summary' }>;
    const summaries = h.events.filter((e): e is Summary => e.type === 'summary' && e.sessionId === session.id);
    // The turn is still running; the last summary already counts its three calls (6,300 tokens).
    expect(summaries.at(-1)!.session.spend).toMatchObject({ tokens: 6300 });
    expect(ask.message).toContain('(6,300 tokens used)');
    const usages = h.events.filter((e) => e.type === 'usage').length;
    expect(usages).toBe(3);
    await engine.sessions.replyPermission(h.projectDir, { requestId: ask.requestId, decision: 'deny' });
    await run;
  });

  it('raise by an amount: the run goes on under the new limit and finishes; a raise that makes no sense is refused', async () => {
    steps(4, 'All done.');
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const run = session.start('Do the steps').done;
    const ask = await question();
    expect(h.server.requests).toHaveLength(3);
    const raise = (by: unknown) => engine.sessions.replyPermission(h.projectDir, { requestId: ask.requestId, decision: 'allow_once', updatedInput: { raise: by } });
    expect(await raise({ tokens: -5 })).toBe(false);
    expect(await raise({ dollars: 3 })).toBe(false);
    expect(await raise({ tokens: 10_000 })).toBe(true);
    const outcome = await run;
    expect(outcome).toMatchObject({ ok: true, stopReason: 'end_turn' });
    expect(outcome.stopped).toBeUndefined();
    expect(h.server.requests).toHaveLength(5);
    expect(budgets().at(-1)).toMatchObject({ limit: { tokens: 15_000 }, phase: 'raised', spentTokens: 10_500 });
  });

  it('Stop while it waits: the question goes away, and nothing more is sent', async () => {
    steps(5);
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const run = session.start('Do the steps').done;
    const ask = await question();
    await session.stop();
    const outcome = await run;
    expect(outcome.aborted).toBe(true);
    expect(h.server.requests).toHaveLength(3);
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'permission_resolved', requestId: ask.requestId, decision: 'cancelled' }));
    expect(await engine.sessions.pendingPermissions(h.projectDir)).toEqual([]);
  });
});

describe("a subagent's calls", () => {
  beforeEach(() => h.projectSettings({ agentDesk: { budget: { conversation: { tokens: 5000 } } } }));

  it("count in the conversation's budget and pass its gate: the subagent pauses too, and a stop ends both", async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'Dig', prompt: 'Dig deep', subagent_type: 'general-purpose' } }], usage: { input_tokens: 2000, output_tokens: 100 } },
      step('toolu_c1'),
      step('toolu_c2'),
      step('toolu_c3'),
      { content: [{ type: 'text', text: 'never' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const run = session.start('Send a helper').done;
    const ask = await question();
    // The parent's call and two of the subagent's went; the subagent's third waits.
    expect(h.server.requests).toHaveLength(3);
    expect(ask.message).toContain('(6,300 tokens used)');
    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: ask.requestId, decision: 'deny' })).toBe(true);
    const outcome = await run;
    expect(h.server.requests).toHaveLength(3);
    expect(outcome).toMatchObject({ budgetStopped: true, stopped: { kind: 'budget' } });
    expect(h.calls().get('toolu_agent')!.result!.text).toContain('Stopped at the budget');
  });
});

describe('a background task with its own budget', () => {
  it('nobody answers in time: the question becomes a stop, never a continue', async () => {
    h.env.AGENT_DESK_TASK_APPROVAL_TIMEOUT_S = '0.3';
    steps(5);
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir, { origin: { kind: 'task', label: 'Nightly' }, budget: { tokens: 4000 } });
    const outcome = await session.start('Do the steps').done;
    expect(h.server.requests).toHaveLength(2);
    const ask = await question();
    expect(ask.origin).toEqual({ kind: 'task', label: 'Nightly' });
    expect(ask.expiresAt).toBeGreaterThan(ask.createdAt!);
    expect(ask.message).toMatch(/^This background task has used up its budget of 4,000 tokens/);
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'permission_resolved', requestId: ask.requestId, decision: 'deny' }));
    expect(outcome).toMatchObject({ budgetStopped: true, stopped: { kind: 'budget' } });
    expect(outcome.stopped!.text).toMatch(/Nobody answered the budget question in time, so it stopped\./);
  });
});

describe('headless --max-budget-usd', () => {
  it('stops before the next request once the run has spent the amount: its message, error_max_budget_usd, exit code 3', async () => {
    // claude-sonnet-5 at $2 / $10 per million: 100,000 input tokens and 1,000 output are $0.21 a call.
    for (let i = 1; i <= 5; i++) h.server.push({ ...step(`toolu_h${i}`), usage: { input_tokens: 100_000, output_tokens: 1000 } });
    const text = await runCli(h, ['-p', 'Do the steps', '--max-budget-usd', '0.50']);
    expect(text.code).toBe(3);
    expect(h.server.requests).toHaveLength(3);
    expect(text.stderr).toBe(
      'agent-desk: note: This run has used 84 % of its budget ($0.42 of $0.50). When it is used up, the run stops before its next request.\n' +
        'agent-desk: Reached the budget of $0.50 for this run (--max-budget-usd): spent $0.63 of $0.50. It stopped before its next request to the model.\n',
    );

    for (let i = 1; i <= 5; i++) h.server.push({ ...step(`toolu_j${i}`), usage: { input_tokens: 100_000, output_tokens: 1000 } });
    const json = await runCli(h, ['-p', 'Do the steps', '--max-budget-usd', '0.1', '--output-format', 'json']);
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ type: 'result', subtype: 'error_max_budget_usd', is_error: true, total_cost_usd: 0.21, num_turns: 1 });
    expect(JSON.parse(json.stdout).result).toBe('Reached the budget of $0.10 for this run (--max-budget-usd): spent $0.21 of $0.10. It stopped before its next request to the model.');
  });

  it('a nonsense amount is a usage error', async () => {
    for (const bad of ['0', '-1', 'ten', '1e3', '']) expect((await runCli(h, ['-p', 'x', '--max-budget-usd', bad])).code, bad).toBe(2);
    expect(h.server.requests).toHaveLength(0);
  });
});
