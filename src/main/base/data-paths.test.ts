// Data folder per platform and the project key.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, projectKey, sessionsDir } from './data-paths';

describe('defaultDataDir', () => {
  it('uses AGENT_DESK_HOME when set', () => {
    expect(defaultDataDir({ env: { AGENT_DESK_HOME: '/tmp/ad' }, platform: 'darwin', homedir: '/h' })).toBe('/tmp/ad');
  });
  it('follows each platform convention', () => {
    expect(defaultDataDir({ env: {}, platform: 'linux', homedir: '/home/u' })).toBe('/home/u/.local/share/agent-desk');
    expect(defaultDataDir({ env: { XDG_DATA_HOME: '/xdg' }, platform: 'linux', homedir: '/home/u' })).toBe('/xdg/agent-desk');
    expect(defaultDataDir({ env: { XDG_DATA_HOME: 'relative' }, platform: 'linux', homedir: '/home/u' })).toBe('/home/u/.local/share/agent-desk');
    expect(defaultDataDir({ env: {}, platform: 'darwin', homedir: '/Users/u' })).toBe('/Users/u/Library/Application Support/Agent Desk');
    expect(defaultDataDir({ env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, platform: 'win32', homedir: 'C:\\Users\\u' })).toBe('C:\\Users\\u\\AppData\\Roaming\\Agent Desk');
  });
});

describe('projectKey', () => {
  it('is a filesystem-safe slug plus a short hash, stable per path', () => {
    const k = projectKey('/home/u/My Project (v2)');
    expect(k).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(k).toMatch(/^home-u-My-Project-v2-[0-9a-f]{10}$/);
    expect(projectKey('/home/u/My Project (v2)/')).toBe(k);
  });
  it('tells apart paths that slug alike, and keeps long paths short', () => {
    expect(projectKey('/a-b')).not.toBe(projectKey('/a/b'));
    expect(projectKey('/' + 'x'.repeat(300)).length).toBeLessThanOrEqual(71);
    expect(projectKey('/')).toMatch(/^root-[0-9a-f]{10}$/);
  });
  it('places sessions under <data>/projects/<key>/sessions', () => {
    expect(sessionsDir('/d', '/p/q')).toBe(path.join('/d', 'projects', projectKey('/p/q'), 'sessions'));
  });
});
