// Which shell a terminal runs (issue 15 item 5): the person's own, from the app's environment.
import { describe, expect, it } from 'vitest';
import { chooseShell } from './shell-choice';
import { terminalEnv } from './terminal-env';

describe('chooseShell (issue 15 item 5)', () => {
  it('$SHELL when it can run, else bash, else sh', () => {
    expect(chooseShell({ SHELL: '/usr/bin/fish' }, 'linux', () => true)).toEqual({ file: '/usr/bin/fish', args: [] });
    expect(chooseShell({ SHELL: '/nope/zsh' }, 'linux', (f) => f === '/bin/bash')).toEqual({ file: '/bin/bash', args: [] });
    expect(chooseShell({ SHELL: 'zsh' }, 'linux', (f) => f === '/bin/sh')).toEqual({ file: '/bin/sh', args: [] });
  });
  it('Windows: PowerShell, else %ComSpec%', () => {
    expect(chooseShell({ SystemRoot: 'C:\\Windows' }, 'win32', () => true).file).toBe('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    expect(chooseShell({ ComSpec: 'C:\\Windows\\system32\\cmd.exe' }, 'win32', () => false)).toEqual({ file: 'C:\\Windows\\system32\\cmd.exe', args: [] });
  });
});

describe('terminalEnv (issue 15 item 5)', () => {
  it('the app’s own variables, a colour terminal, and none of the app’s private ones', () => {
    const env = terminalEnv({ PATH: '/bin', TERM: 'dumb', AGENT_DESK_TOKEN: 't', ELECTRON_RUN_AS_NODE: '1', GONE: undefined });
    expect(env).toEqual({ PATH: '/bin', TERM: 'xterm-256color', COLORTERM: 'truecolor' });
  });
});
