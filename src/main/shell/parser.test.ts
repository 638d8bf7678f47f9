import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../base/log';
import { BASH_WASM, bashWasmCandidates, loadBashParser, loadedBashParser, resetBashParserForTests } from './parser';

function recordingLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (msg: string) => void lines.push(`${level}: ${msg}`);
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

afterEach(() => resetBashParserForTests());

describe('BA2 tree-sitter-bash loads once and parses synchronously', () => {
  it('loads from the checkout\'s resources/ and reuses one parser', async () => {
    expect(loadedBashParser()).toBeNull();
    const first = loadBashParser();
    const second = loadBashParser();
    expect(second).toBe(first);
    const parser = await first;
    expect(parser).not.toBeNull();
    expect(loadedBashParser()).toBe(parser);
    expect(parser!.withTree('git status && ls', (root) => [root.type, root.childCount, root.hasError])).toEqual(['program', 1, false]);
    // Many parses in a row: each tree is given back (wasm memory does not run out).
    for (let i = 0; i < 2000; i++) parser!.withTree(`echo ${'x'.repeat(200)} ${i}`, (root) => root.hasError);
  });

  it('gives the tree back even when the reader throws', async () => {
    const parser = (await loadBashParser())!;
    expect(() => parser.withTree('ls', () => {
      throw new Error('reader failed');
    })).toThrow('reader failed');
    expect(parser.withTree('ls', (root) => root.text)).toBe('ls');
  });

  it('looks in the env override, a packaged app\'s resources, then the checkout', () => {
    const here = path.join(process.cwd(), 'src', 'main', 'shell');
    const list = bashWasmCandidates({ AGENT_DESK_BASH_WASM: '/custom/bash.wasm' }, here);
    expect(list[0]).toBe('/custom/bash.wasm');
    expect(list).toContain(path.join(process.cwd(), 'resources', BASH_WASM));
    expect(list.indexOf(path.join(process.cwd(), 'resources', BASH_WASM))).toBeLessThan(list.indexOf(path.join(process.cwd(), 'node_modules', 'tree-sitter-bash', BASH_WASM)));
    // A packaged app: electron-builder's extraResources put it under <resources>/resources.
    const proc = process as { resourcesPath?: string };
    const before = proc.resourcesPath;
    proc.resourcesPath = '/opt/Agent Desk/resources';
    try {
      expect(bashWasmCandidates({}, here)[0]).toBe(path.join('/opt/Agent Desk/resources', 'resources', BASH_WASM));
    } finally {
      if (before === undefined) delete proc.resourcesPath;
      else proc.resourcesPath = before;
    }
    // From the built bundle (out/main/chunks) it finds the same resources/ folder.
    expect(bashWasmCandidates({}, path.join(process.cwd(), 'out', 'main', 'chunks'))).toContain(path.join(process.cwd(), 'resources', BASH_WASM));
  });

  it('resolves to null and logs once when the grammar cannot be loaded', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-wasm-'));
    try {
      const bogus = path.join(dir, 'broken.wasm');
      writeFileSync(bogus, 'not wasm');
      const log = recordingLog();
      const env = { AGENT_DESK_BASH_WASM: bogus };
      expect(await loadBashParser({ log, env })).toBeNull();
      expect(await loadBashParser({ log, env })).toBeNull();
      expect(log.lines.filter((l) => l.startsWith('warn:'))).toHaveLength(1);
      expect(loadedBashParser()).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    resetBashParserForTests();
    expect(await loadBashParser()).not.toBeNull();
  });
});
