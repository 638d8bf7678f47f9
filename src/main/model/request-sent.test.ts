// onNextModelRequestSent against Node's real fetch and a local server: it fires once the body is out
// (before the answer), only for Messages API paths, once per registration, and not after cancel.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onNextModelRequestSent } from './request-sent';

let server: http.Server;
let base = '';
let release: (() => void) | null = null;
const log: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      log.push(`server got ${req.url}`);
      if (!req.url?.startsWith('/v1/messages')) return void res.end('{}');
      // The answer waits until the test lets it go: the listener must have fired before.
      release = () => res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const nextTurn = () => new Promise((r) => setImmediate(r));

/** Waits until the server holds a /v1/messages answer back, and hands over the function that sends it. */
async function heldAnswer(): Promise<() => void> {
  while (!release) await nextTurn();
  const send = release;
  release = null;
  return send;
}

describe('the model request has left (idle signal for warm-ups)', () => {
  it('fires once the body of a /v1/messages request is sent, before its answer', async () => {
    log.length = 0;
    let fired = 0;
    onNextModelRequestSent(() => {
      fired++;
      log.push('listener');
    });
    const answer = fetch(`${base}/v1/messages?beta=true`, { method: 'POST', body: 'x'.repeat(100_000) });
    const send = await heldAnswer();
    await new Promise((r) => setTimeout(r, 20));
    expect(fired).toBe(1);
    send();
    await (await answer).text();
    // Once: a second request does not call it again.
    const second = fetch(`${base}/v1/messages`, { method: 'POST', body: '{}' });
    (await heldAnswer())();
    await (await second).text();
    expect(fired).toBe(1);
  });

  it('ignores other paths, and a cancelled listener is never called', async () => {
    let fired = 0;
    const cancel = onNextModelRequestSent(() => fired++);
    await (await fetch(`${base}/v1/models`, { method: 'POST', body: '{}' })).text();
    await new Promise((r) => setTimeout(r, 20));
    expect(fired).toBe(0);
    cancel();
    const answer = fetch(`${base}/v1/messages`, { method: 'POST', body: '{}' });
    (await heldAnswer())();
    await (await answer).text();
    await new Promise((r) => setTimeout(r, 20));
    expect(fired).toBe(0);
  });

  it('a listener that throws does not stop the others', async () => {
    const calls: string[] = [];
    onNextModelRequestSent(() => {
      throw new Error('boom');
    });
    onNextModelRequestSent(() => calls.push('second'));
    const answer = fetch(`${base}/v1/messages`, { method: 'POST', body: '{}' });
    const send = await heldAnswer();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual(['second']);
    send();
    await (await answer).text();
  });
});
