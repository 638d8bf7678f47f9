// The acceptEdits policy: editing tools (kind 'edit', from the pool's traits) inside the working
// directories only, as written and through symlinks.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAllBaseTools } from '../tools/builtin';
import { createAcceptEditsPolicy } from './accept-edits';
import { createToolCatalog } from './tool-catalog';

let root: string;
let project: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-accept-')));
  project = path.join(root, 'project');
  mkdirSync(project);
  mkdirSync(path.join(root, 'outside'));
  symlinkSync(path.join(root, 'outside'), path.join(project, 'escape'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('acceptEdits policy', () => {
  it('covers Edit/Write/NotebookEdit inside the working directories only', () => {
    const policy = createAcceptEditsPolicy(() => ({ cwd: project, workingDirectories: [project] }));
    const catalog = createToolCatalog(getAllBaseTools());
    const p = (tool: string, input: unknown) => policy(tool, input, catalog);
    expect(p('Edit', { file_path: path.join(project, 'a.ts') })).toBe(true);
    expect(p('Write', { file_path: 'rel/b.ts' })).toBe(true);
    expect(p('NotebookEdit', { notebook_path: path.join(project, 'n.ipynb') })).toBe(true);
    expect(p('Edit', { file_path: '/etc/hosts' })).toBe(false);
    expect(p('Edit', { file_path: path.join(project, 'escape', 'x') })).toBe(false);
    expect(p('Edit', { file_path: '~/x' })).toBe(false);
    expect(p('Bash', { command: 'ls' })).toBe(false);
    expect(p('Read', { file_path: path.join(project, 'a.ts') })).toBe(false);
  });
});
