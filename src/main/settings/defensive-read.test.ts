// PX8, issue 16 item 3: settings files are read defensively. A reversed range, a FIFO, a link to a
// device and a 50 MB file each produce a warning, and the remaining sources still decide — at once,
// never hanging on the pipe or reading the device.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluateRules } from '../permissions/evaluate';
import { loadClaudeSettings, loadClaudeSettingsSync } from './claude-settings';

let root: string;
let project: string;
let home: string;
let env: Record<string, string>;
const local = () => path.join(project, '.claude', 'settings.local.json');
const shared = () => path.join(project, '.claude', 'settings.json');
const user = () => path.join(home, '.claude', 'settings.json');

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-defensive-')));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  mkdirSync(path.join(project, '.claude'), { recursive: true });
  mkdirSync(path.join(home, '.claude'), { recursive: true });
  env = { HOME: home, AGENT_DESK_MANAGED_SETTINGS: path.join(root, 'managed.json') };
  // The one good source: it must still decide whatever the others are.
  writeFileSync(user(), JSON.stringify({ permissions: { deny: ['Bash(rm:*)'], allow: ['Bash(npm test)'] } }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const decide = (rules: Parameters<typeof evaluateRules>[2], command: string) =>
  evaluateRules('Bash', { command }, rules, { paths: { cwd: project, projectDir: project, home } })?.behavior ?? 'none';

async function loadBoth() {
  const t0 = performance.now();
  const loaded = [await loadClaudeSettings({ projectDir: project, env }), loadClaudeSettingsSync({ projectDir: project, env })];
  return { loaded, ms: performance.now() - t0 };
}

describe('settings files read defensively (issue 16 item 3)', () => {
  it('a rule with a reversed range is skipped with a warning; the others decide', async () => {
    writeFileSync(shared(), JSON.stringify({ permissions: { deny: ['Read(**/[z-a])', 'Bash(curl:*)'] } }));
    const { loaded } = await loadBoth();
    for (const s of loaded) {
      expect(s.warnings.join('\n')).toMatch(/Read\(\*\*\/\[z-a\]\).*reversed range/);
      expect(decide(s.rules, 'curl x')).toBe('deny');
      expect(decide(s.rules, 'rm -rf x')).toBe('deny');
      expect(decide(s.rules, 'npm test')).toBe('allow');
    }
  });

  it('a FIFO, a link to a device and a 50 MB file are not read: a warning each, within a second', async () => {
    if (process.platform === 'win32') throw new Error('FIFOs and /dev/urandom: POSIX only');
    execFileSync('mkfifo', [shared()]);
    symlinkSync('/dev/urandom', local());
    const big = env.AGENT_DESK_MANAGED_SETTINGS!;
    writeFileSync(big, '{"permissions":{"allow":["Bash"]},"pad":"');
    truncateSync(big, 50 * 1024 * 1024);
    const { loaded, ms } = await loadBoth();
    expect(ms).toBeLessThan(1_000);
    for (const s of loaded) {
      const w = s.warnings.join('\n');
      expect(w).toContain(`Settings file ${shared()} is not a regular file`);
      expect(w).toContain(`Settings file ${local()} is not a regular file`);
      expect(w).toMatch(new RegExp(`Settings file ${big.replace(/[.\\/]/g, '\\$&')} is \\d+ KB, more than the 1024 KB`));
      expect(decide(s.rules, 'rm -rf x')).toBe('deny');
      expect(decide(s.rules, 'npm test')).toBe('allow');
      // The 50 MB policy file's "allow Bash" did not count.
      expect(decide(s.rules, 'make')).toBe('none');
    }
  });
});
