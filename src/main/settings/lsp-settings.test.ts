// The `lspServers` setting (the LSP tool's servers, in Claude Code's .lsp.json shape): parsed leniently
// per server, merged by precedence, matched to files by extension; a folder's own servers wait for its
// trust and are listed in the trust question (PX4).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isEmptyConfiguration } from '../../shared/trust';
import { loadClaudeSettings } from './claude-settings';
import { addedSince, trustStatus } from './folder-trust';
import { handledExtensions, mergeLspServers, parseLspServersBlock, serverForFile } from './lsp-settings';

const ts = { command: 'typescript-language-server', args: ['--stdio'], extensionToLanguage: { '.ts': 'typescript', '.tsx': 'typescriptreact' } };

describe('lspServers parsing (TL)', () => {
  it("TL reads Claude Code's .lsp.json fields with their defaults", () => {
    const warnings: string[] = [];
    const out = parseLspServersBlock('/u/settings.json', { typescript: { ...ts, env: { A: 1 }, initializationOptions: { x: 1 }, settings: { y: 2 }, workspaceFolder: 'app', startupTimeout: 5000, shutdownTimeout: 100, restartOnCrash: false, maxRestarts: 1 } }, warnings);
    expect(warnings).toEqual([]);
    expect(out?.typescript).toEqual({
      name: 'typescript',
      file: '/u/settings.json',
      ...ts,
      transport: 'stdio',
      env: { A: '1' },
      initializationOptions: { x: 1 },
      settings: { y: 2 },
      workspaceFolder: 'app',
      startupTimeout: 5000,
      shutdownTimeout: 100,
      restartOnCrash: false,
      maxRestarts: 1,
    });
    const minimal = parseLspServersBlock('/u/settings.json', { go: { command: 'gopls', extensionToLanguage: { '.go': 'go' } } }, warnings);
    expect(minimal?.go).toMatchObject({ args: [], env: {}, transport: 'stdio', restartOnCrash: true, maxRestarts: 3 });
  });

  it('PL8 a bad server is dropped with a warning naming the file, the server and why; the others count', () => {
    const warnings: string[] = [];
    const out = parseLspServersBlock(
      '/p/.claude/settings.json',
      {
        good: ts,
        nocmd: { extensionToLanguage: { '.py': 'python' } },
        noext: { command: 'x', extensionToLanguage: {} },
        badext: { command: 'x', extensionToLanguage: { py: 'python' } },
        socket: { ...ts, transport: 'socket' },
        typo: { ...ts, comand: 'x' },
        notobj: 'gopls',
      },
      warnings,
    );
    expect(Object.keys(out!)).toEqual(['good']);
    expect(warnings).toHaveLength(6);
    expect(warnings.every((w) => w.startsWith('/p/.claude/settings.json: lspServers.'))).toBe(true);
    expect(warnings.join('\n')).toContain('lspServers.nocmd: command is required: the program that starts the server; this server is ignored.');
    expect(warnings.join('\n')).toContain('lspServers.badext: extensionToLanguage: "py" is not an extension: write it with its dot, like ".py"');
    expect(warnings.join('\n')).toContain('lspServers.notobj: a server must be an object with "command" and "extensionToLanguage"');
    expect(warnings.join('\n')).toContain('lspServers.typo: Unrecognized key: "comand"');
    expect(warnings.join('\n')).toContain('lspServers.socket: only the "stdio" transport is supported');
    expect(parseLspServersBlock('/f', ['x'], warnings)).toBeUndefined();
    expect(warnings.at(-1)).toContain('"lspServers" must be an object of servers by name');
  });

  it('TL a stronger file replaces a server of the same name; files are matched by extension', () => {
    const user = parseLspServersBlock('/u', { typescript: ts, go: { command: 'gopls', extensionToLanguage: { '.go': 'go' } } }, []);
    const local = parseLspServersBlock('/l', { typescript: { ...ts, command: './node_modules/.bin/typescript-language-server' } }, []);
    const merged = mergeLspServers([user, undefined, local])!;
    expect(merged.typescript).toMatchObject({ command: './node_modules/.bin/typescript-language-server', file: '/l' });
    expect(serverForFile(merged, '/p/src/App.tsx')).toMatchObject({ server: { name: 'typescript' }, languageId: 'typescriptreact' });
    expect(serverForFile(merged, '/p/main.go')?.languageId).toBe('go');
    expect(serverForFile(merged, '/p/README.md')).toBeNull();
    expect(serverForFile(merged, '/p/.ts')).toBeNull();
    expect(handledExtensions(merged)).toEqual(['.go', '.ts', '.tsx']);
    expect(mergeLspServers([undefined])).toBeUndefined();
  });
});

describe('a folder’s own language servers (PX4)', () => {
  let root: string;
  let project: string;
  let env: Record<string, string>;
  beforeEach(() => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-lsp-trust-')));
    project = path.join(root, 'project');
    mkdirSync(path.join(project, '.claude'), { recursive: true });
    mkdirSync(path.join(root, 'home', '.claude'), { recursive: true });
    env = { HOME: path.join(root, 'home'), AGENT_DESK_MANAGED_SETTINGS: path.join(root, 'managed.json') };
    writeFileSync(path.join(project, '.claude', 'settings.json'), JSON.stringify({ lspServers: { evil: { command: './run-me.sh', args: ['--stdio'], extensionToLanguage: { '.ts': 'typescript' } } } }));
    writeFileSync(path.join(root, 'home', '.claude', 'settings.json'), JSON.stringify({ lspServers: { go: { command: 'gopls', extensionToLanguage: { '.go': 'go' } } } }));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('PX4 an untrusted folder’s servers are left out (the user’s own count), listed in the trust question, and a new one asks again', async () => {
    const untrusted = await loadClaudeSettings({ projectDir: project, env, trust: () => false });
    expect(Object.keys(untrusted.lspServers ?? {})).toEqual(['go']);
    const c = untrusted.folder!.configuration;
    expect(c.lspServers).toEqual([{ name: 'evil', command: './run-me.sh --stdio', file: path.join(project, '.claude', 'settings.json') }]);
    expect(isEmptyConfiguration(c)).toBe(false);
    const trusted = await loadClaudeSettings({ projectDir: project, env, trust: () => true });
    expect(Object.keys(trusted.lspServers ?? {}).sort()).toEqual(['evil', 'go']);
    const more = { ...c, lspServers: [...c.lspServers!, { name: 'py', command: 'pyright-langserver --stdio', file: 'x' }] };
    expect(addedSince(c, more).lspServers).toEqual([{ name: 'py', command: 'pyright-langserver --stdio', file: 'x' }]);
    expect(trustStatus(project, more, { fingerprint: 'old', configuration: c, at: 0 }).state).toBe('changed');
  });
});
