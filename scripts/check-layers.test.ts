// Proves the layering check (docs/architecture.md "Layers", DK2) can fail: fixture trees with one violation each.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = resolve(__dirname, '..');
const script = join(repo, 'scripts', 'check-layers.mjs');
const made: string[] = [];

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  made.push(root);
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  const base: Record<string, string> = {
    'src/shared/ok.ts': "import { z } from 'zod';\nexport const X = z.string();\n",
    'src/main/engine/session.ts': "import { X } from '../../shared/ok';\nexport const y = X;\n",
    'src/main/electron/app.ts': "import { app } from 'electron';\nexport const a = app;\n",
  };
  for (const [rel, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

function check(root: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}\n${r.stderr}` };
}

afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

describe('layering check (docs/architecture.md, Layers)', () => {
  it('passes on a clean tree', () => {
    const r = check(fixture({}));
    expect(r.out).toContain('layering holds');
    expect(r.code).toBe(0);
  });

  it('fails on an engine file that imports electron', () => {
    const r = check(fixture({ 'src/main/engine/bad.ts': "import { app } from 'electron';\nexport const b = app;\n" }));
    expect(r.code).toBe(1);
    expect(r.out).toContain('electron-only-in-desktop-host');
    expect(r.out).toContain('src/main/engine/bad.ts');
  });

  it('fails on a type-only electron import outside the desktop host', () => {
    const r = check(fixture({ 'src/main/web/bad.ts': "import type { App } from 'electron';\nexport type B = App;\n" }));
    expect(r.code).toBe(1);
    expect(r.out).toContain('electron-only-in-desktop-host');
  });

  it('fails when shared imports a node builtin', () => {
    const r = check(fixture({ 'src/shared/bad.ts': "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n" }));
    expect(r.code).toBe(1);
    expect(r.out).toContain('shared-is-pure');
  });

  it('fails when shared imports main or React', () => {
    const r = check(
      fixture({
        'src/shared/bad.ts': "import { y } from '../main/engine/session';\nimport React from 'react';\nexport const b = [y, React];\n",
      }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('shared-imports-only-shared');
    expect(r.out).toContain('shared-no-ui-or-electron');
  });

  it('fails when the renderer imports main', () => {
    const r = check(fixture({ 'src/renderer/src/bad.ts': "import { y } from '../../main/engine/session';\nexport const b = y;\n" }));
    expect(r.code).toBe(1);
    expect(r.out).toContain('renderer-imports-only-shared');
  });

  it('fails when raw ipcMain appears outside the router', () => {
    const r = check(
      fixture({ 'src/main/electron/other.ts': "import { ipcMain } from 'electron';\nexport const i = ipcMain;\n" }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('raw-ipc-only-in-router-and-preload');
  });

  // Issue 11 item 3: the layers inside src/main, the tool folders, and cycles.
  it('fails on an upward import inside src/main (permissions importing the tools layer)', () => {
    const r = check(
      fixture({
        'src/main/tools/core/tool.ts': 'export interface Tool { name: string }\n',
        'src/main/permissions/bad.ts': "import type { Tool } from '../tools/core/tool';\nexport type T = Tool;\n",
      }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('layer:main/permissions');
    expect(r.out).toContain('src/main/permissions/bad.ts');
  });

  it('fails when the process layer imports a tool, and passes the same import from a test file', () => {
    const files = {
      'src/main/tools/bash/bash.tool.ts': 'export const Bash = 1;\n',
      'src/main/process/bad.ts': "import { Bash } from '../tools/bash/bash.tool';\nexport const b = Bash;\n",
    };
    const r = check(fixture(files));
    expect(r.code).toBe(1);
    expect(r.out).toContain('layer:main/process');
    const ok = check(fixture({ ...files, 'src/main/process/bad.ts': 'export const b = 1;\n', 'src/main/process/x.test.ts': "import { Bash } from '../tools/bash/bash.tool';\nexport const b = Bash;\n" }));
    expect(ok.out).toContain('layering holds');
  });

  it("fails when one tool imports another tool's folder, or the engine imports a tool directly", () => {
    const r = check(
      fixture({
        'src/main/tools/grep/find.ts': 'export const find = 1;\n',
        'src/main/tools/glob/glob.tool.ts': "import { find } from '../grep/find';\nexport const g = find;\n",
        'src/main/engine/bad.ts': "import { find } from '../tools/grep/find';\nexport const e = find;\n",
      }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('tools-do-not-import-each-other');
    expect(r.out).toContain('only-the-registry-knows-a-tool');
  });

  it('fails on an import cycle', () => {
    const r = check(
      fixture({
        'src/main/tools/core/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'src/main/tools/core/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('no-circular');
  });

  it('holds for this repository', () => {
    const r = check(repo);
    expect(r.out).toContain('layering holds');
    expect(r.code).toBe(0);
  });
});
