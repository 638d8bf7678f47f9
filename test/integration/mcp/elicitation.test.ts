// A server's question to the person (elicitation, issue 17 item 6) over a real stdio server: the
// capability is declared only where a form can be shown; the form comes from the requested schema;
// accept sends the values back, decline and cancel say so; headless, the question is declined with a
// log line.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/base/log';
import type { Elicit, ElicitRequest } from '../../../src/main/mcp/elicitation-client';
import { createMcpManager, type McpManager } from '../../../src/main/mcp/manager';

const SERVER = path.join(__dirname, 'asking-server.mjs');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const textOf = (r: { content?: unknown }) => ((r.content ?? []) as Array<{ text?: string }>).map((c) => c.text ?? '').join('');
const call = (m: McpManager, tool: string) => m.callTool('asking', tool, {}, new AbortController().signal).then(textOf);

async function manager(elicit?: Elicit): Promise<{ m: McpManager; logs: string[] }> {
  const logs: string[] = [];
  const m = createMcpManager({
    projectDir: process.cwd(),
    log: createLogger({ level: 'info', write: (l) => logs.push(l) }),
    load: async () => ({ servers: [{ name: 'asking', scope: 'dynamic', file: 't', config: { type: 'stdio', command: process.execPath, args: [SERVER], env: {} } }], warnings: [] }),
    ...(elicit ? { elicit } : {}),
  });
  cleanups.push(() => m.close());
  await m.ready();
  return { m, logs };
}

describe('MCP elicitation (issue 17 item 6)', () => {
  it('the form is made from the requested schema; accept sends the values back to the server', async () => {
    const asked: ElicitRequest[] = [];
    const { m } = await manager(async (request) => {
      asked.push(request);
      return { action: 'accept', content: { name: 'Ada', guests: 3, vegetarian: true, time: '21:00' } };
    });
    expect(await call(m, 'can_ask')).toBe('true');
    expect(await call(m, 'book_table')).toBe('accept {"name":"Ada","guests":3,"vegetarian":true,"time":"21:00"}');
    expect(asked).toEqual([
      {
        server: 'asking',
        message: 'Booking a table at Chez Ada: who is coming?',
        fields: [
          { name: 'name', label: 'Your name', kind: 'text', required: true, minLength: 2 },
          { name: 'guests', label: 'Guests', kind: 'integer', required: true, default: 2, minimum: 1, maximum: 12 },
          { name: 'vegetarian', label: 'Vegetarian menu', kind: 'boolean', required: false, default: false },
          { name: 'time', label: 'Time', kind: 'choice', required: false, options: [{ value: '19:00', label: 'Seven o’clock' }, { value: '21:00', label: 'Nine o’clock' }] },
        ],
      },
    ]);
  });

  it("a question belongs to the conversation's call running on the server when it asks (the newest of several); none running, to no one", async () => {
    const asked: ElicitRequest[] = [];
    const answers: Array<(a: { action: 'decline' }) => void> = [];
    const { m } = await manager((request) => {
      asked.push(request);
      return new Promise((resolve) => answers.push(resolve));
    });
    const signal = new AbortController().signal;
    const first = m.callTool('asking', 'book_table', {}, signal, { sessionId: 's1', toolUseId: 'toolu_1' });
    await expect.poll(() => asked.length).toBe(1);
    const second = m.callTool('asking', 'book_table', {}, signal, { sessionId: 's2', toolUseId: 'toolu_2' });
    await expect.poll(() => asked.length).toBe(2);
    expect(asked.map((a) => a.caller)).toEqual([
      { sessionId: 's1', toolUseId: 'toolu_1' },
      { sessionId: 's2', toolUseId: 'toolu_2' },
    ]);
    answers.forEach((a) => a({ action: 'decline' }));
    await Promise.all([first, second]);
    // Nothing of a conversation runs there any more: the next question is the project's.
    const third = call(m, 'book_table');
    await expect.poll(() => asked.length).toBe(3);
    expect(asked[2]!.caller).toBeUndefined();
    answers[2]!({ action: 'decline' });
    expect(await third).toBe('decline');
  });

  it('a form with a field Agent Desk cannot show is declined, said in the log', async () => {
    let asked = 0;
    const { m, logs } = await manager(async () => {
      asked++;
      return { action: 'cancel' };
    });
    expect(await call(m, 'ask_several')).toBe('decline');
    expect(asked).toBe(0);
    expect(logs.join('\n')).toContain('MCP server asking asked for information ("Which days suit you?"); declined: "days" asks for several choices, which Agent Desk cannot show.');
  });

  it('decline and cancel reach the server as such', async () => {
    const answers = [{ action: 'decline' as const }, { action: 'cancel' as const }];
    const { m } = await manager(async () => answers.shift()!);
    expect(await call(m, 'book_table')).toBe('decline');
    expect(await call(m, 'book_table')).toBe('cancel');
  });

  it('headless: the capability is not declared, and a question asked anyway is declined with a log line', async () => {
    const { m, logs } = await manager();
    expect(await call(m, 'can_ask')).toBe('false');
    // A well-behaved server does not ask at all; one that ignores the capabilities is declined, said in the log.
    expect(await call(m, 'ask_anyway')).toBe('decline');
    expect(logs.join('\n')).toContain('MCP server asking asked for information ("Your password, please"); declined: no one can answer a form in this run.');
  });
});
