// BA9/DK4: the command approval says what the command will do, part by part, in plain words — which
// folders it touches and how much is in them, whether it uses the internet, which part asks — and the
// specific warning of what may be lost instead of a generic one.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CommandExplanation } from '../../../../shared/permissions/command-explanation';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { ViewEnvContext } from '../../tools/view-env';
import { RequestPanel } from '../RequestPanel';
import { contentsWords, pathLine } from './exec-request-words';

const P = '/home/ana/shop';
const req = (command: string, over: Partial<PermissionRequestView> = {}): PermissionRequestView => ({
  requestId: 'r1',
  sessionId: 's',
  toolUseId: 't',
  toolName: 'Bash',
  kind: 'exec',
  input: { command },
  message: 'Bash commands need approval unless a rule allows them.',
  suggestions: [],
  destructive: false,
  ...over,
});
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const render = (r: PermissionRequestView) =>
  text(
    renderToStaticMarkup(
      <ViewEnvContext.Provider value={{ projectDir: P }}>
        <RequestPanel request={r} busy={false} fromOther={null} onAnswer={() => {}} />
      </ViewEnvContext.Provider>,
    ),
  );

const rmBuild: CommandExplanation = {
  parts: [
    {
      text: 'rm -rf build',
      says: 'Deletes build and everything inside, without asking first. Deleted files do not go to the Trash.',
      network: false,
      readOnly: false,
      paths: [{ path: 'build', resolved: `${P}/build`, access: 'delete', where: 'project', exists: true, contents: { kind: 'folder', files: 214, bytes: 3.1 * 1024 * 1024 } }],
      asks: 'No rule allows this part yet.',
    },
  ],
  warnings: [{ id: 'rm-recursive', text: 'Deletes folders and everything inside them.' }],
};

describe('BA9 the command approval explains the command', () => {
  it('rm -rf build: the folder, how much is in it, and the specific warning', () => {
    const t = render(req('rm -rf build', { destructive: true, command: rmBuild, warnings: rmBuild.warnings }));
    expect(t).toContain('What it will do');
    expect(t).toContain('Deletes build and everything inside');
    expect(t).toContain('build — deleted · in the project · a folder: 214 files, 3.1 MB');
    expect(t).toContain('Be careful: Deletes folders and everything inside them.');
    expect(t).not.toContain('This may delete or overwrite things');
  });

  it('without specific warnings a destructive request keeps the general one', () => {
    expect(render(req('x', { destructive: true }))).toContain('This may delete or overwrite things');
  });

  it('several parts: each with its words, how they are joined, the one that asks and the internet', () => {
    const e: CommandExplanation = {
      parts: [
        { text: 'npm install', says: 'Downloads and installs the project’s packages (npm).', network: true, readOnly: false, paths: [], asks: 'No rule allows this part yet.' },
        { text: 'npm test', says: 'Runs the project’s tests (npm).', network: false, readOnly: false, paths: [] },
      ],
      warnings: [],
      joined: 'Each part runs only if the one before it worked.',
    };
    const t = render(req('npm install && npm test', { command: e }));
    expect(t).toContain('Each part runs only if the one before it worked.');
    expect(t).toContain('npm install Downloads and installs the project’s packages (npm). Uses the internet. You are asked because of this part: No rule allows this part yet.');
    expect(t).toContain('npm test Runs the project’s tests (npm).');
    expect(t.match(/You are asked because of this part/g)).toHaveLength(1);
  });

  it('a command it cannot read says so instead of guessing', () => {
    const t = render(req('for f in *; do rm $f; done', { command: { parts: [], warnings: [], unreadable: 'Agent Desk can’t tell in advance what this command does.' } }));
    expect(t).toContain('Agent Desk can’t tell in advance what this command does.');
    expect(t).not.toContain('What it will do');
  });
});

describe('BA9 path words', () => {
  const base = { path: 'x', resolved: `${P}/x`, access: 'write' as const, where: 'project' as const };
  it.each([
    [{ ...base, exists: false }, 'nothing there yet'],
    [{ ...base, access: 'read' as const, exists: false }, 'not found'],
    [{ ...base, exists: true, contents: { kind: 'file' as const, files: 1, bytes: 12 * 1024 } }, 'a file of 12 KB'],
    [{ ...base, exists: true, contents: { kind: 'folder' as const, files: 0, bytes: 0 } }, 'an empty folder'],
    [{ ...base, exists: true, contents: { kind: 'folder' as const, files: 20000, bytes: 5 * 1024 ** 3, more: true } }, 'a folder: at least 20,000 files, at least 5 GB'],
    [{ ...base, pattern: true }, 'files matching a pattern'],
    [{ ...base, contents: null }, 'could not be looked at'],
  ])('%o → %s', (p, words) => {
    expect(contentsWords(p)).toBe(words);
  });

  it('outside the project: the absolute path and where it is', () => {
    expect(pathLine({ path: '~/.bashrc', resolved: '/home/ana/.bashrc', access: 'write', where: 'outside' }, P)).toEqual({ path: '/home/ana/.bashrc', facts: ['changed', 'outside the project'] });
  });
});
