// Test support: a tiny real language server (a Node script over vscode-languageserver-protocol) whose
// behaviour the test picks through its env — answer, crash on hover (once or always), hang on initialize —
// and a server config that starts it. Not used by production code.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LspServerConfig } from '../settings/lsp-settings';

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
