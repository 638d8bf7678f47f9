// The agent loop running real tools end to end against the fake Messages API (real SDK, real shell):
// parallel calls with results in call order (CC2, CC5), a large result persisted and referenced (PL6),
// a deferred tool loaded through ToolSearch (AS4, AS5), and Stop in the middle of a running Bash call.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionsDir } from '../../src/main/base/data-paths';
import { createSessionStore } from '../../src/main/sessions/store';
import { getAllBaseTools } from '../../src/main/tools/builtin';
import { buildTool } from '../../src/main/tools/core/build-tool';
import { createHarness, ofChecklist, resultFor, resultIds, sentBuiltinNames, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

describe('the agent loop with real tools', () => {
  it('CC2/CC5: 3 ToolSearch calls overlap, the Bash call runs alone after them, results go back in call order', async () => {
    // A PreToolUse barrier: each ToolSearch call waits until all three are in flight. If the executor
    // ran them one at a time, the first would wait for the others in vain (and the order check below fails).
    h.script(
      'barrier.sh',
      [
        'cat > /dev/null',
        'dir="$CLAUDE_PROJECT_DIR/.barrier"; mkdir -p "$dir"; touch "$dir/$$"',
        'for i in $(seq 250); do [ "$(ls "$dir" | wc -l)" -ge 3 ] && exit 0; sleep 0.02; done',
        'echo "barrier: not all three ToolSearch calls started" >&2; exit 1',
      ].join('\n'),
    );
    h.projectSettings({
      // Two rules, one per part of the command: a compound is allowed part by part (BA3).
      permissions: { allow: ['Bash(touch searched)', 'Bash(echo done with searching)'] },
      hooks: { PreToolUse: [{ matcher: 'ToolSearch', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR/.claude/hooks/barrier.sh"', timeout: 10 }] }] },
    });
    h.server.push(
      {
        content: [
          { type: 'text', text: 'Searching three ways, then one command.' },
          { type: 'tool_use', id: 'toolu_s1', name: 'ToolSearch', input: { query: 'notebook' } },
          { type: 'tool_use', id: 'toolu_s2', name: 'ToolSearch', input: { query: 'slack send' } },
          { type: 'tool_use', id: 'toolu_s3', name: 'ToolSearch', input: { query: 'select:Nope' } },
          { type: 'tool_use', id: 'toolu_b1', name: 'Bash', input: { command: 'touch searched && echo done with searching' } },
        ],
      },
      { content: [{ type: 'text', text: 'All done.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const outcome = await session.start('search and run').done;

    expect(outcome).toMatchObject({ ok: true, turns: 2, stopReason: 'end_turn' });
    expect(h.server.requests).toHaveLength(2);
    const second = h.server.requests[1]!.body;
    expect(resultIds(second)).toEqual(['toolu_s1', 'toolu_s2', 'toolu_s3', 'toolu_b1']);
    expect(resultFor(second, 'toolu_b1')).toEqual({ type: 'tool_result', tool_use_id: 'toolu_b1', content: 'done with searching' });
    expect(resultFor(second, 'toolu_s3')!.content).toContain('No tool is named: Nope');

    const log = h.executor.map((e) => `${e.type} ${e.toolUseId}`);
    const searches = ['toolu_s1', 'toolu_s2', 'toolu_s3'];
    const lastStart = Math.max(...searches.map((id) => log.indexOf(`started ${id}`)));
    const firstFinish = Math.min(...searches.map((id) => log.indexOf(`finished ${id}`)));
    expect(lastStart).toBeLessThan(firstFinish); // all three ran together
    const lastSearchFinish = Math.max(...searches.map((id) => log.indexOf(`finished ${id}`)));
    expect(log.indexOf('started toolu_b1')).toBeGreaterThan(lastSearchFinish); // a command that writes runs alone, after them
    expect(log.filter((l) => l.startsWith('yielded'))).toEqual(['yielded toolu_s1', 'yielded toolu_s2', 'yielded toolu_s3', 'yielded toolu_b1']);
    expect(h.notices.filter((n) => n.includes('barrier'))).toEqual([]);

    // Each card went through its states; the transcript holds one user message with all four results.
    expect(h.states('toolu_b1')).toEqual(['validating', 'running', 'succeeded']);
    expect(h.states('toolu_s2')).toEqual(['validating', 'running', 'succeeded']);
    const stored = await createSessionStore({ dataDir: h.dataDir }).load(h.projectDir, session.id);
    expect(stored!.messages.map((m) => `${m.role}:${m.content.map((b) => b.type).join('+')}`)).toEqual([
      'user:text',
      'assistant:text+tool_use+tool_use+tool_use+tool_use',
      'user:tool_result+tool_result+tool_result+tool_result',
      'assistant:text',
    ]);
  });

  it('PL6: a 300 KB Bash output is saved whole; the model gets the preview and the path', async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_big', name: 'Bash', input: { command: "head -c 300000 /dev/zero | tr '\\0' x" } }] },
      { content: [{ type: 'text', text: 'That was a lot of x.' }] },
    );
    const engine = await h.engine({ allowedTools: ['Bash'] });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('make noise').done).ok).toBe(true);

    const result = resultFor(h.server.requests[1]!.body, 'toolu_big')!;
    expect(result.is_error).toBeUndefined();
    expect(result.content.startsWith('<persisted-output>')).toBe(true);
    expect(result.content.length).toBeLessThan(3_000);
    const saved = /saved to: (\S+)/.exec(result.content)![1]!;
    expect(path.dirname(saved)).toBe(path.join(sessionsDir(h.dataDir, h.projectDir), session.id, 'tool-results'));
    expect(readFileSync(saved, 'utf8')).toBe('x'.repeat(300_000));
    expect(result.content).toContain('x'.repeat(1_000));
    const card = h.calls().get('toolu_big')!;
    expect(card).toMatchObject({ state: 'succeeded', result: { persistedPath: saved, isError: false } });
  });

  it('AS4/AS5: the tools array is byte-identical across turns until ToolSearch loads a deferred tool, then grows by it', async () => {
    const DeferredEcho = buildTool<{ text: string }, string>({
      name: 'DeferredEcho',
      shouldDefer: true,
      searchHint: 'echo repeat text back',
      maxResultSizeChars: 10_000,
      inputSchema: () => z.strictObject({ text: z.string() }),
      description: () => 'Echo text',
      prompt: () => 'Echoes the given text back.',
      isReadOnly: () => true,
      isConcurrencySafe: () => true,
      call: async (input) => ({ data: `echo: ${input.text}` }),
      mapResult: (out) => ({ content: out }),
    });
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_e1', name: 'Bash', input: { command: 'echo one' } }] },
      { content: [{ type: 'text', text: 'one' }] },
      { content: [{ type: 'tool_use', id: 'toolu_ts', name: 'ToolSearch', input: { query: 'select:DeferredEcho' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_de', name: 'DeferredEcho', input: { text: 'hello' } }] },
      { content: [{ type: 'text', text: 'echoed' }] },
    );
    const engine = await h.engine({ allowedTools: ['Bash'], baseTools: () => [...getAllBaseTools(), DeferredEcho] });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('first').done).ok).toBe(true);
    expect((await session.start('second').done).ok).toBe(true);

    const reqs = h.server.requests.map((r) => r.body);
    expect(reqs).toHaveLength(5);
    const names = (i: number) => reqs[i].tools.map((t: { name: string }) => t.name);
    expect(names(0)).toEqual(sentBuiltinNames());
    // Before the load: the same bytes every turn (and the deferred tool is announced by name only).
    expect(JSON.stringify(reqs[1].tools)).toBe(JSON.stringify(reqs[0].tools));
    expect(JSON.stringify(reqs[2].tools)).toBe(JSON.stringify(reqs[0].tools));
    // Announced among the built-in deferred tools, in name order (read from the registry: adding one changes no test; team tools and LSP are off here).
    const builtinDeferred = getAllBaseTools().filter(ofChecklist('tasks')).filter((t) => t.shouldDefer).map((t) => t.name).sort();
    expect(JSON.stringify(reqs[0].system)).toContain(`available via ToolSearch: ${[...builtinDeferred, 'DeferredEcho'].sort().join(', ')}"`);
    expect(JSON.stringify(reqs[2].system)).toBe(JSON.stringify(reqs[0].system));
    // After the load: the same tools plus DeferredEcho; the cache breakpoint still on the last built-in.
    expect(names(3)).toEqual([...sentBuiltinNames(), 'DeferredEcho'].sort());
    const without = reqs[3].tools.filter((t: { name: string }) => t.name !== 'DeferredEcho');
    expect(JSON.stringify(without)).toBe(JSON.stringify(reqs[0].tools));
    expect(reqs[3].tools.at(-1).cache_control).toEqual({ type: 'ephemeral' });
    // Only the built-in deferred tools are still announced.
    expect(builtinDeferred).toEqual(expect.arrayContaining(['WebFetch', 'WebSearch']));
    expect(JSON.stringify(reqs[3].system)).toContain(`available via ToolSearch: ${builtinDeferred.join(', ')}"`);
    expect(resultFor(reqs[4], 'toolu_de')!.content).toBe('echo: hello');
    expect(JSON.stringify(reqs[4].tools)).toBe(JSON.stringify(reqs[3].tools));
  });

  it('CC: Stop during a running `sleep 30` gives every tool_use a result; the next request is accepted (strict API)', async () => {
    h.server.push(
      {
        content: [
          { type: 'tool_use', id: 'toolu_sleep', name: 'Bash', input: { command: 'sleep 30' } },
          { type: 'tool_use', id: 'toolu_after', name: 'Bash', input: { command: 'echo never' } },
        ],
      },
      { content: [{ type: 'text', text: 'fresh start' }] },
    );
    const engine = await h.engine({ allowedTools: ['Bash'] });
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('sleep a while');
    await h.waitFor((ev) => ev.type === 'tool_call' && ev.call.id === 'toolu_sleep' && ev.call.state === 'running');
    expect(await session.stop()).toBe(true);
    const outcome = await done;
    expect(outcome).toMatchObject({ aborted: true, ok: false });
    expect(h.calls().get('toolu_sleep')!.state).toBe('cancelled');
    expect(h.calls().get('toolu_after')!.state).toBe('cancelled');

    const stored = await createSessionStore({ dataDir: h.dataDir }).load(h.projectDir, session.id);
    const uses = stored!.messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])));
    const answered = stored!.messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])));
    expect(uses).toEqual(['toolu_sleep', 'toolu_after']);
    expect(answered).toEqual(uses);
    expect(stored!.messages.at(-1)!.content.every((b) => b.type === 'tool_result' && b.is_error === true)).toBe(true);

    expect((await session.start('go on').done).ok).toBe(true);
    expect(h.server.requests).toHaveLength(2);
    // The results and the new prompt share one user message (tool_results first).
    expect(resultIds(h.server.requests[1]!.body)).toEqual(['toolu_sleep', 'toolu_after']);
    expect(h.server.requests[1]!.body.messages.at(-1).content.at(-1)).toEqual({ type: 'text', text: 'go on' });
  });
});
