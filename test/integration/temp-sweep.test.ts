// Temp files of atomic writes a crash interrupted (PX8): the first session of a project removes the
// stale ones in the background (app/core.ts → fs/atomic-write.ts sweepStaleTempFiles); fresh ones,
// other files and node_modules stay.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

const put = (rel: string, ageMs: number) => {
  const f = path.join(h.projectDir, rel);
  mkdirSync(path.dirname(f), { recursive: true });
  writeFileSync(f, 'half-written');
  const t = new Date(Date.now() - ageMs);
  utimesSync(f, t, t);
  return f;
};

it('opening a session in a project removes its stale temp files, and only those', async () => {
  const stale = put('src/.app.ts.agent-desk-0123456789ab.tmp', 10 * 60_000);
  const fresh = put('src/.app.ts.agent-desk-abcdefabcdef.tmp', 1_000);
  const deps = put('node_modules/x/.i.js.agent-desk-0123456789ab.tmp', 10 * 60_000);
  const mine = put('src/notes.tmp', 10 * 60_000);
  h.env.AGENT_DESK_TEMP_SWEEP_DELAY_MS = '200'; // by default 5 s after the session opens
  const engine = await h.engine();
  await engine.sessions.createSession(h.projectDir);
  await new Promise((r) => setTimeout(r, 50));
  expect(existsSync(stale)).toBe(true); // not during the first moments of the session
  const until = Date.now() + 5000;
  while (existsSync(stale) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(existsSync(stale)).toBe(false);
  for (const f of [fresh, deps, mine]) expect(existsSync(f), f).toBe(true);
});

it('a headless run does not sweep: it ends with its turn', async () => {
  const stale = put('src/.app.ts.agent-desk-0123456789ab.tmp', 10 * 60_000);
  h.env.AGENT_DESK_TEMP_SWEEP_DELAY_MS = '0';
  const engine = await h.engine({ headless: true });
  await engine.sessions.createSession(h.projectDir);
  await new Promise((r) => setTimeout(r, 300));
  expect(existsSync(stale)).toBe(true);
});
