// Test support: a tiny real language server (a Node script over vscode-languageserver-protocol) whose
// behaviour the test picks through its env — answer, crash on hover (once or always), hang on initialize —
// and a server config that starts it. Not used by production code.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { LspServerConfig } from '../settings/lsp-settings';
import { silentLog } from '../tools/pipeline/test-helpers';
import { createLanguageServers, type LanguageServers } from './manager';

export type FakeMode = 'ok' | 'crash' | 'crash-once' | 'hang';

const SCRIPT = (protocol: string) => `
const rpc = require(${JSON.stringify(protocol)});
const fs = require('fs');
const mode = process.env.FAKE_MODE;
const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(process.stdin), new rpc.StreamMessageWriter(process.stdout));
conn.onRequest('initialize', () => (mode === 'hang' ? new Promise(() => {}) : { capabilities: { hoverProvider: true } }));
conn.onRequest('textDocument/hover', () => {
  const crash = mode === 'crash' || (mode === 'crash-once' && !fs.existsSync(process.env.FAKE_MARK));
  if (crash) {
    if (mode === 'crash-once') fs.writeFileSync(process.env.FAKE_MARK, '');
    process.stderr.write('fake server: boom\\n');
    process.exit(3);
  }
  return { contents: { kind: 'plaintext', value: 'answered by ' + process.pid } };
});
conn.onRequest('shutdown', () => null);
conn.onNotification('exit', () => process.exit(0));
conn.listen();
`;

export interface FakeServerProject {
  dir: string;
  file: string;
  config(mode: FakeMode, extra?: Partial<LspServerConfig>): LspServerConfig;
  cleanup(): void;
}

export function fakeServerProject(): FakeServerProject {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-lsp-')));
  const script = path.join(dir, 'fake-server.cjs');
  writeFileSync(script, SCRIPT(require.resolve('vscode-languageserver-protocol/node')));
  const file = path.join(dir, 'a.fake');
  writeFileSync(file, 'hello world\n');
  return {
    dir,
    file,
    config: (mode, extra = {}) => ({
      name: 'fake',
      file: path.join(dir, '.claude/settings.json'),
      command: process.execPath,
      args: [script],
      extensionToLanguage: { '.fake': 'fake' },
      transport: 'stdio',
      env: { FAKE_MODE: mode, FAKE_MARK: path.join(dir, 'crashed-once') },
      restartOnCrash: true,
      maxRestarts: 3,
      ...extra,
    }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A test file's fake-server project (`fp()`) and the language servers it starts (`start`), made before
 * and disposed after each test.
 */
export function fakeServerFixture(): {
  fp: () => FakeServerProject;
  start: (servers: Record<string, LspServerConfig> | (() => Record<string, LspServerConfig>), timeouts?: { startupTimeoutMs?: number; requestTimeoutMs?: number }) => LanguageServers;
} {
  let project: FakeServerProject | undefined;
  let servers: LanguageServers | undefined;
  beforeEach(() => {
    project = fakeServerProject();
  });
  afterEach(async () => {
    await servers?.dispose();
    servers = undefined;
    project?.cleanup();
  });
  const fp = () => project!;
  return {
    fp,
    start: (configs, timeouts = {}) =>
      (servers = createLanguageServers({ projectDir: fp().dir, servers: typeof configs === 'function' ? configs : () => configs, env: process.env, log: silentLog(), startupTimeoutMs: timeouts.startupTimeoutMs ?? 20_000, ...(timeouts.requestTimeoutMs ? { requestTimeoutMs: timeouts.requestTimeoutMs } : {}) })),
  };
}
