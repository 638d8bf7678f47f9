// Issue 20 item 2: a conversation that outgrows the model's window is summarised and goes on — before
// a request would pass the threshold (proactive), after the API refuses one as too long (reactive, once,
// never the same oversized request twice), by hand with /compact (PreCompact hook), and headless.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptedReply } from '../fake-model/server';
import { CLEARED_TOOL_RESULT } from '../../src/main/engine/compact/view';
import { transcriptPath } from '../../src/main/engine/session-runtime';
import { runCli } from './cli-run';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

const SUMMARY = 'SUMMARY-OF-THE-EARLIER-STEPS: the user asked for steps one to three; all went well.';
const isSummaryRequest = (req: RecordedRequest) => JSON.stringify(req.body.messages.at(-1)).includes('Write that summary now');
const messagesTokens = (req: RecordedRequest) => Math.ceil(JSON.stringify(req.body.messages).length / 4);
const fixedTokens = (req: RecordedRequest) => Math.ceil(JSON.stringify({ system: req.body.system, tools: req.body.tools }).length / 4);

/** Replies that answer a summary request with SUMMARY and anything else with the next of `texts`. */
function replies(texts: string[]): Array<(req: RecordedRequest) => ScriptedReply> {
  const next = [...texts];
  return Array.from({ length: texts.length + 6 }, () => (req: RecordedRequest) =>
    isSummaryRequest(req)
      ? { content: [{ type: 'text', text: `<analysis>thinking</analysis>\n<summary>\n${SUMMARY}\n</summary>` }] }
      : { content: [{ type: 'text', text: next.shift() ?? 'extra' }] },
  );
}

const step = (n: number) => `step ${n}: ${'lorem ipsum '.repeat(250)}`;

describe('automatic summaries (issue 20 item 2)', () => {
  it('proactive: a conversation growing past a small window is summarised before the request that would pass it, and runs to its end', async () => {
    h.server.push(...replies(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']));
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start(step(1)).done).ok).toBe(true);
    // The window: what the system prompt and tools take, plus room for about three steps. The threshold
    // is 80 % (not the default 92 %) so that the summary request, which keeps a tenth of the window for
    // the summary, has room for all three steps however many tools the pool has.
    const fixed = fixedTokens(h.server.requests[0]!);
    h.env.CLAUDE_AUTOCOMPACT_PCT_OVERRIDE = '80';
    h.env.CLAUDE_CODE_AUTO_COMPACT_WINDOW = String(Math.ceil((fixed + 2_600) / 0.8));
    for (const n of [2, 3, 4, 5]) expect((await session.start(step(n)).done).ok).toBe(true);

    const log = h.server.requests;
    const at = log.findIndex(isSummaryRequest);
    expect(at).toBeGreaterThan(0);
    // The summary request carries the conversation; the request after it is smaller and starts with the summary.
    const summaryReq = log[at]!;
    const nextReq = log[at + 1]!;
    expect(JSON.stringify(summaryReq.body.messages)).toContain('step 1:');
    expect(messagesTokens(nextReq)).toBeLessThan(messagesTokens(log[at - 1]!) + 800);
    expect(JSON.stringify(nextReq.body.messages[0])).toContain(SUMMARY);
    expect(JSON.stringify(nextReq.body.messages)).not.toContain('step 1:');
    // The prompt that was about to go stays word for word after the summary.
    const prompt = JSON.stringify(nextReq.body.messages.at(-1)).match(/step \d:/)?.[0];
    expect(prompt).toBeDefined();
    expect(JSON.stringify(summaryReq.body.messages)).not.toContain(prompt!);
    expect(log.filter(isSummaryRequest).length).toBeLessThanOrEqual(2);
    // Near the threshold the API counted the request before the summary was decided (issue 20 item 1).
    expect(h.server.countRequests.length).toBeGreaterThan(0);
    // The last request ends with the last step, and every request after the summary fits the window.
    expect(JSON.stringify(log.at(-1)!.body.messages.at(-1))).toContain('step 5:');

    // The person keeps every message; the summary is one message of its own, saved on disk.
    const transcript = session.transcript();
    const marker = transcript.find((m) => m.compaction);
    expect(marker?.compaction).toMatchObject({ trigger: 'auto', summary: SUMMARY });
    expect(marker!.compaction!.tokensAfter).toBeLessThan(marker!.compaction!.tokensBefore);
    expect(transcript.filter((m) => m.role === 'user' && !m.compaction).map((m) => JSON.stringify(m.content).slice(10, 24))).toHaveLength(5);
    const saved = readFileSync(transcriptPath(h.dataDir, h.projectDir, session.id), 'utf8');
    expect(saved).toContain('"compaction"');
    expect(h.events.some((e) => e.type === 'compacting' && e.trigger === 'auto')).toBe(true);
    const usage = h.events.filter((e) => e.type === 'usage');
    expect(usage.some((e) => e.type === 'usage' && e.context?.used === marker!.compaction!.tokensAfter)).toBe(true);

    // Reopened, the model still reads from the summary on.
    const fresh = await h.engine();
    const opened = await fresh.sessions.open(h.projectDir, session.id);
    expect(opened.messages.some((m) => m.compaction?.summary === SUMMARY)).toBe(true);
  });

  it('a gateway without token counting: the calibrated estimate decides, counting is not asked again, the summary still comes', async () => {
    h.server.counting(false);
    h.server.push(...replies(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']));
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start(step(1)).done).ok).toBe(true);
    h.env.CLAUDE_CODE_AUTO_COMPACT_WINDOW = String(Math.ceil((fixedTokens(h.server.requests[0]!) + 2_600) / 0.92));
    for (const n of [2, 3, 4, 5]) expect((await session.start(step(n)).done).ok).toBe(true);
    expect(h.server.requests.some(isSummaryRequest)).toBe(true);
    expect(h.server.countRequests).toHaveLength(1);
    expect(JSON.stringify(h.server.requests.at(-1)!.body.messages.at(-1))).toContain('step 5:');
  });

  it("the window and the threshold come from a settings file's env block too (as Claude Code applies it)", async () => {
    h.projectSettings({ env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '123456' } });
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect(session.contextWindow()).toBe(123_456);
    expect((await engine.sessions.open(h.projectDir, session.id)).contextWindow).toBe(123_456);
  });

  it('the cheap step first: old tool results read as a short note for the model and no summary is needed; the transcript keeps them whole', async () => {
    const engine = await h.engine({ permissionMode: 'bypassPermissions' });
    const session = await engine.sessions.createSession(h.projectDir);
    h.server.push({ content: [{ type: 'text', text: 'ready' }] });
    await session.start('hi').done;
    const fixed = fixedTokens(h.server.requests[0]!);
    h.env.CLAUDE_CODE_AUTO_COMPACT_WINDOW = String(Math.ceil((fixed + 5_000) / 0.92));
    const bash = (n: number): ScriptedReply => ({ content: [{ type: 'tool_use', id: `toolu_b${n}`, name: 'Bash', input: { command: `head -c 6000 /dev/zero | tr '\\0' '${n}'` } }] });
    h.server.push(...[1, 2, 3, 4, 5, 6].map(bash), { content: [{ type: 'text', text: 'all printed' }] });
    const r = await session.start('print six blocks').done;
    expect(r).toMatchObject({ ok: true });
    expect(h.server.requests.some(isSummaryRequest)).toBe(false);
    const last = JSON.stringify(h.server.requests.at(-1)!.body.messages);
    expect(last).toContain(CLEARED_TOOL_RESULT);
    expect(last).toContain('6'.repeat(6000));
    expect(last).not.toContain('1'.repeat(6000));
    const kept = session.transcript().flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_result' ? [b.content] : [])));
    expect(kept).toContain('1'.repeat(6000));
  });

  it('reactive: a "prompt is too long" refusal is summarised once and sent smaller; no oversized request goes twice', async () => {
    h.env.DISABLE_AUTO_COMPACT = '1';
    h.server.push(...replies(['done 1', 'done 2', 'done 3']));
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start(step(1)).done).ok).toBe(true);
    expect((await session.start(step(2)).done).ok).toBe(true);
    h.server.refuseOver(1_700);
    const third = await session.start(step(3)).done;
    expect(third).toMatchObject({ ok: true });

    const log = h.server.requests;
    const refused = log.filter((r) => messagesTokens(r) > 1_700);
    expect(refused.length).toBeGreaterThan(0);
    const bodies = refused.map((r) => JSON.stringify(r.body.messages));
    expect(new Set(bodies).size).toBe(bodies.length);
    const last = log.at(-1)!;
    expect(isSummaryRequest(last)).toBe(false);
    expect(JSON.stringify(last.body.messages[0])).toContain(SUMMARY);
    expect(JSON.stringify(last.body.messages.at(-1))).toContain('step 3:');
    // The prompt just sent stays word for word after the summary.
    const marker = session.transcript().find((m) => m.compaction)!;
    expect(session.transcript().find((m) => m.id === marker.compaction!.keptFrom)?.content).toEqual([{ type: 'text', text: step(3) }]);
  });

  it('a refusal the summary cannot answer ends the turn with the API\'s message, not a loop', async () => {
    h.server.push(...replies(['done 1']));
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    h.server.refuseOver(10);
    const r = await session.start(step(1)).done;
    expect(r.ok).toBe(false);
    expect(r.error?.message).toMatch(/prompt is too long/);
    const bodies = h.server.requests.filter((q) => !isSummaryRequest(q)).map((q) => JSON.stringify(q.body.messages));
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it('/compact [instructions] summarises by hand; the PreCompact hook gets trigger and instructions; the file must be read again before an edit', async () => {
    const seen = path.join(h.home, 'precompact.json');
    h.script('pre.sh', `cat > ${JSON.stringify(seen)}`);
    h.projectSettings({ hooks: { PreCompact: [{ matcher: 'manual', hooks: [{ type: 'command', command: path.join(h.projectDir, '.claude/hooks/pre.sh') }] }] } });
    writeFileSync(path.join(h.projectDir, 'notes.txt'), 'alpha\n');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: path.join(h.projectDir, 'notes.txt') } }] },
      { content: [{ type: 'text', text: 'read it' }] },
      ...replies(['unused']).slice(0, 1),
      { content: [{ type: 'tool_use', id: 'toolu_e', name: 'Edit', input: { file_path: path.join(h.projectDir, 'notes.txt'), old_string: 'alpha', new_string: 'beta' } }] },
      { content: [{ type: 'text', text: 'tried' }] },
    );
    const engine = await h.engine({ permissionMode: 'acceptEdits' });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('read notes').done).ok).toBe(true);
    const compacted = await session.start('/compact keep the file names').done;
    expect(compacted).toMatchObject({ ok: true, turns: 0 });
    const summaryReq = h.server.requests[2]!;
    expect(isSummaryRequest(summaryReq)).toBe(true);
    expect(JSON.stringify(summaryReq.body.messages.at(-1))).toContain('keep the file names');
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ hook_event_name: 'PreCompact', trigger: 'manual', custom_instructions: 'keep the file names' });
    const marker = session.transcript().at(-1)!;
    expect(marker.compaction).toMatchObject({ trigger: 'manual', summary: SUMMARY });
    // "/compact" is not a message for the model.
    expect(session.transcript().some((m) => JSON.stringify(m.content).includes('/compact'))).toBe(false);

    // The read before the summary no longer counts: the edit is refused until the file is read again.
    await session.start('change alpha to beta').done;
    const editResult = JSON.stringify(h.server.requests.at(-1)!.body.messages.at(-1));
    expect(editResult).toContain('toolu_e');
    expect(editResult).toMatch(/read/i);
    expect(readFileSync(path.join(h.projectDir, 'notes.txt'), 'utf8')).toBe('alpha\n');
  });

  it('a PreCompact hook that exits 2 keeps the conversation as it is', async () => {
    h.script('no.sh', 'echo "not now" >&2; exit 2');
    h.projectSettings({ hooks: { PreCompact: [{ hooks: [{ type: 'command', command: path.join(h.projectDir, '.claude/hooks/no.sh') }] }] } });
    h.server.push({ content: [{ type: 'text', text: 'hello' }] });
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('hi').done;
    const r = await session.start('/compact').done;
    expect(r.ok).toBe(false);
    expect(r.error?.message).toContain('not now');
    expect(h.server.requests).toHaveLength(1);
    expect(session.transcript().some((m) => m.compaction)).toBe(false);
  });

  it('headless: agent-desk -p compacts in the middle of a long tool run and finishes', async () => {
    const big = path.join(h.projectDir, 'big.txt');
    writeFileSync(big, Array.from({ length: 120 }, (_, i) => `line ${i} ${'data '.repeat(10)}`).join('\n'));
    // Measured on a headless run too: its tool pool is not an interactive session's (TodoWrite, not the Task tools).
    h.server.push({ content: [{ type: 'text', text: 'probe' }] });
    expect((await runCli(h, ['-p', 'probe', '--allowedTools', 'Bash'])).code).toBe(0);
    const fixed = fixedTokens(h.server.requests[0]!);
    h.server.requests.length = 0;
    h.env.CLAUDE_CODE_AUTO_COMPACT_WINDOW = String(Math.ceil((fixed + 4_000) / 0.92));
    const read = (id: string, offset: number): ScriptedReply => ({
      content: [
        { type: 'text' as const, text: `Next part, from line ${offset}. ${'thinking about it '.repeat(120)}` },
        { type: 'tool_use' as const, id, name: 'Bash', input: { command: `sed -n '${offset},${offset + 39}p' ${big}` } },
      ],
    });
    const summaryOr = (r: ScriptedReply) => (req: RecordedRequest): ScriptedReply => (isSummaryRequest(req) ? { content: [{ type: 'text', text: `<summary>${SUMMARY}</summary>` }] } : r);
    h.server.push(...[read('t1', 1), read('t2', 41), read('t3', 81), read('t4', 1), read('t5', 41), { content: [{ type: 'text' as const, text: 'All read.' }] }].map(summaryOr));
    h.server.push(...replies(['All read.']));
    const r = await runCli(h, ['-p', 'read the big file in parts', '--allowedTools', 'Bash']);
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('All read.\n')).toBe(true);
    expect(r.stderr).toContain('the conversation was summarised to make room');
    const at = h.server.requests.findIndex(isSummaryRequest);
    expect(at).toBeGreaterThan(0);
    // The run went on after the summary, reading from it, with the calls that ran before it answered once each.
    const after = h.server.requests.slice(at + 1);
    expect(after.length).toBeGreaterThan(0);
    expect(JSON.stringify(after[0]!.body.messages[0])).toContain(SUMMARY);
    const ids = h.server.requests.flatMap((q) => (isSummaryRequest(q) ? [] : [JSON.stringify(q.body.messages.at(-1))]));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
