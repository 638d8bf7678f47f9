// `agent-desk DIR`: the project folder on a command line, skipping Electron's arguments and flags.
import { describe, expect, test } from 'vitest';
import { projectArg, taskWorkerArg } from './argv';

describe('projectArg', () => {
  test('dev (electron <script> DIR): skips the electron binary and the script', () => {
    expect(projectArg(['/x/electron', 'out/main/index.js', '/p/a'], { defaultApp: true, cwd: '/cwd' })).toBe('/p/a');
    expect(projectArg(['/x/electron', '.'], { defaultApp: true, cwd: '/cwd' })).toBeNull();
  });

  test('packaged (agent-desk DIR): the first positional after the executable', () => {
    expect(projectArg(['/Applications/Agent Desk', '/p/a'], { defaultApp: false, cwd: '/cwd' })).toBe('/p/a');
    expect(projectArg(['/usr/bin/agent-desk'], { defaultApp: false, cwd: '/cwd' })).toBeNull();
  });

  test('flags (ours, Chromium\'s, macOS -psn) are skipped; a relative DIR resolves against the cwd', () => {
    expect(
      projectArg(['agent-desk', '--original-process-start-time=1', '-psn_0_123', '--no-sandbox', 'proj'], { defaultApp: false, cwd: '/home/u' }),
    ).toBe('/home/u/proj');
  });

  test('`--` ends flags, so a folder named like a flag can be opened', () => {
    expect(projectArg(['agent-desk', '--', '-weird'], { defaultApp: false, cwd: '/w' })).toBe('/w/-weird');
  });
});

describe('taskWorkerArg (DK3: the app started as a background task’s worker)', () => {
  test('`<app> task _worker ID`, packaged or in development, Chromium flags aside', () => {
    expect(taskWorkerArg(['/Applications/Agent Desk', 'task', '_worker', 'ab12cd34ef'], { defaultApp: false })).toBe('ab12cd34ef');
    expect(taskWorkerArg(['/x/electron', 'out/main/index.js', 'task', '_worker', 'ab12cd34ef'], { defaultApp: true })).toBe('ab12cd34ef');
    expect(taskWorkerArg(['/x/agent-desk', '--no-sandbox', 'task', '_worker', 'ab12cd34ef'], { defaultApp: false })).toBe('ab12cd34ef');
  });

  test('anything else is the app: a folder named task, a bad id, extra words', () => {
    expect(taskWorkerArg(['/x/agent-desk', 'task'], { defaultApp: false })).toBeNull();
    expect(taskWorkerArg(['/x/agent-desk', 'task', '_worker', '../etc'], { defaultApp: false })).toBeNull();
    expect(taskWorkerArg(['/x/agent-desk', 'task', '_worker', 'ab12cd34ef', '/p'], { defaultApp: false })).toBeNull();
    expect(taskWorkerArg(['/x/agent-desk', '/p/task'], { defaultApp: false })).toBeNull();
  });
});
