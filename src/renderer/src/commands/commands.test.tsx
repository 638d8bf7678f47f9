// AG9: the "/name" list of the message box — which commands a message being typed could be, the list
// read from main (none when it cannot be read), and the menu's options named for screen readers.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createFakeBridge } from '../testing/fake-bridge';
import { CommandMenu } from './CommandMenu';
import { createCommandsStore, matchingCommands, type TypedCommand } from './commands-store';

const list: TypedCommand[] = [
  { name: 'compact', description: 'Summarise', source: 'app' },
  { name: 'changelog', description: 'Write the entry', argumentHint: '[version]', source: 'project' },
  { name: 'review', description: 'Review a change', source: 'user' },
];

describe('commands in the message box (AG9)', () => {
  it('AG9 "/" lists all, "/c" the ones starting so; a space after the name, another first character or a path lists none', () => {
    expect(matchingCommands('/', list).map((c) => c.name)).toEqual(['compact', 'changelog', 'review']);
    expect(matchingCommands('/c', list).map((c) => c.name)).toEqual(['compact', 'changelog']);
    expect(matchingCommands('/changelog 2.1', list)).toEqual([]);
    expect(matchingCommands('hello /c', list)).toEqual([]);
    expect(matchingCommands('/etc/hosts', list)).toEqual([]);
  });

  it('AG9 the store reads skills:list; a failed read lists nothing rather than stale commands', async () => {
    const bridge = createFakeBridge();
    bridge.handle('skills:list', () => ({ skills: list }));
    const store = createCommandsStore(bridge);
    await store.getState().load();
    expect(store.getState().commands).toHaveLength(3);
    bridge.fail('skills:list', { code: 'no_project', message: 'Open a project folder first.' });
    await store.getState().load();
    expect(store.getState().commands).toEqual([]);
  });

  it('AG9 the menu: a named listbox of options, the active one selected, each with its hint, what it does and where it comes from', () => {
    const html = renderToStaticMarkup(<CommandMenu commands={list} active={1} onPick={() => {}} />);
    expect(html).toContain('role="listbox" aria-label="Commands you can run"');
    expect(html.match(/role="option"/g)).toHaveLength(3);
    expect(html).toMatch(/id="composer-command-changelog" role="option" aria-selected="true"/);
    expect(html).toContain('[version]');
    expect(html).toContain('Agent Desk');
    expect(html).toContain('this project');
    expect(renderToStaticMarkup(<CommandMenu commands={[]} active={-1} onPick={() => {}} />)).toBe('');
  });
});
