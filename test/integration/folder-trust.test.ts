// PX4, issue 16 item 1: an untrusted project folder's own settings take no effect — its hooks do not
// run, its env does not reach commands, its allow rules allow nothing — until the person trusts exactly
// what it configures; then they do. The engine as the desktop and browser hosts create it ('ask').
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

describe('an untrusted folder (PX4)', () => {
  it('reports what it configures, runs none of it, and runs it once trusted', async () => {
    const marker = path.join(h.projectDir, 'hook-ran.txt');
    h.projectSettings({
      env: { FOLDER_SAYS: 'hello' },
      // A command that is not read-only (a shell running code), so only a rule can allow it.
      permissions: { allow: ['Bash(sh -c *)'] },
      hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo "$FOLDER_SAYS" > '${marker}'` }] }] },
    });
    const engine = await h.engine({}, { folderTrust: 'ask' });

    const status = await engine.trust.check(h.projectDir);
    expect(status.state).toBe('untrusted');
    expect(status.configuration.hooks.map((x) => x.event)).toEqual(['UserPromptSubmit']);
    expect(status.configuration.env).toMatchObject([{ name: 'FOLDER_SAYS', value: 'hello' }]);
    expect(status.configuration.allowRules.map((r) => r.rule)).toEqual(['Bash(sh -c *)']);

    // Untrusted: the hook does not run, and `Bash(sh -c *)` from the folder allows nothing (the call asks).
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: `sh -c 'echo "[$FOLDER_SAYS]"'` } }] });
    const s1 = await engine.sessions.createSession(h.projectDir);
    const run1 = s1.start('say it');
    const asked = await h.waitFor((ev) => ev.type === 'permission_request');
    expect(asked.type === 'permission_request' && asked.request.toolName).toBe('Bash');
    expect(existsSync(marker)).toBe(false);
    await s1.stop();
    await run1.done;

    // Trusted: the same configuration now counts.
    const trusted = await engine.trust.trust(h.projectDir, status.fingerprint);
    expect(trusted.state).toBe('trusted');
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_c', name: 'Bash', input: { command: `sh -c 'echo "[$FOLDER_SAYS]"'` } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const s2 = await engine.sessions.createSession(h.projectDir);
    expect(await s2.start('say it again').done).toMatchObject({ ok: true });
    expect(existsSync(marker)).toBe(true);
    expect(resultFor(h.server.requests.at(-1)!.body, 'toolu_c')!.content).toContain('[hello]');
  });

  it('refuses to trust a configuration that changed since it was shown', async () => {
    h.projectSettings({ env: { A: '1' } });
    const engine = await h.engine({}, { folderTrust: 'ask' });
    const shown = await engine.trust.check(h.projectDir);
    h.projectSettings({ env: { A: '1', B: '2' } });
    await expect(engine.trust.trust(h.projectDir, shown.fingerprint)).rejects.toThrow(/changed while you were deciding/);
    expect((await engine.trust.check(h.projectDir)).state).toBe('untrusted');
  });
});
