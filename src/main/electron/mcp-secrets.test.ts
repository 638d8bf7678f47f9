// The desktop's MCP sign-ins file (issue 17 item 4): encrypted with safeStorage when a keychain exists,
// never readable as plain text there; a 0600 file when none does.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, resetElectronStub } from '../../../test/electron-stub';
import { MCP_CREDENTIALS_FILE } from '../mcp/oauth/credentials';
import { createMcpSecretFile, MCP_CREDENTIALS_BIN } from './mcp-secrets';

let tmp: string;
const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const TEXT = '{"servers":{"docs https://x/mcp":{"tokens":{"tokens":{"access_token":"at_secret"}}}}}';
const file = () => createMcpSecretFile({ safeStorage: electron.safeStorage as never, dataDir: tmp, log, platform: 'linux' });

beforeEach(() => {
  resetElectronStub();
  vi.clearAllMocks();
  tmp = mkdtempSync(join(tmpdir(), 'agent-desk-mcp-secrets-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('desktop MCP sign-ins (issue 17 item 4)', () => {
  test('with a keychain: encrypted in mcp-credentials.bin, owner-only, read back', async () => {
    const f = file();
    expect(await f.read()).toBeNull();
    await f.write(TEXT);
    const path = join(tmp, MCP_CREDENTIALS_BIN);
    expect(f.where).toBe(path);
    expect(readFileSync(path, 'utf8')).not.toContain('at_secret');
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await f.read()).toBe(TEXT);
  });

  test('without a keychain: a file only its owner may read, said in the log', async () => {
    electron.safeStorage.state.backend = 'basic_text';
    const f = file();
    await f.write(TEXT);
    const path = join(tmp, MCP_CREDENTIALS_FILE);
    expect(f.where).toBe(path);
    expect(electron.safeStorage.state.encryptCalls).toBe(0);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('no keychain is available; MCP sign-ins are kept in'));
  });
});
