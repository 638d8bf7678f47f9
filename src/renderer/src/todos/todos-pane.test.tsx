// The to-do panel, its header button and TodoWrite's card over real stores (TL; static markup): the
// list of the conversation's last saved TodoWrite call, "3 of 7 done", the current step highlighted in
// its "-ing" words, and the calls rebuilt from a reopened conversation's transcript count the same.
import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../../../shared/tools/todo-write';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { createStores, type Stores } from '../stores/create-stores';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { rebuildCall } from '../tools/rebuild';
import { viewFor } from '../tools/registry';
import { currentTodos } from './select-todos';
import { TodosButton } from './TodosButton';
import { TodosPane } from './TodosPane';

const t = (content: string, status: TodoItem['status']): TodoItem => ({ content, status, activeForm: `${content} (now)` });
const call = (id: string, todos: unknown, state: ToolCallView['state'] = 'succeeded'): ToolCallView => ({
  id, name: 'TodoWrite', userFacingName: 'To-do list', messageId: `m-${id}`, input: { todos }, state,
});
const seven = [t('Read', 'completed'), t('Plan', 'completed'), t('Fix', 'completed'), t('Test', 'in_progress'), t('Docs', 'pending'), t('Lint', 'pending'), t('Ship', 'pending')];

async function storesWith(calls: ToolCallView[]): Promise<Stores> {
  const bridge = createFakeBridge();
  bridge.handle('session:list', () => ({ sessions: [] }));
  bridge.handle('permission:pending', () => ({ requests: [] }));
  const stores = createStores(bridge, { schedule: () => () => {} });
  stores.tools.setState({ calls: Object.fromEntries(calls.map((c) => [c.id, c])) });
  return stores;
}

const render = (stores: Stores, node: React.ReactNode): string => renderLive(stores, node);

describe('to-do list (TL)', () => {
  it('TL the list is the last saved TodoWrite call’s: failed, running and invalid calls do not count', () => {
    expect(currentTodos([])).toBeNull();
    const first = call('a', [t('Old', 'pending')]);
    const last = call('b', seven);
    expect(currentTodos([first, last, call('c', [t('Bad', 'pending')], 'failed'), call('d', [{ content: 'x' }])])).toEqual(seven);
    expect(currentTodos([first, call('e', seven, 'running')])).toEqual([t('Old', 'pending')]);
  });

  it('TL a reopened conversation: the call rebuilt from the transcript gives the same list', () => {
    const rebuilt = rebuildCall({ type: 'tool_use', id: 'x', name: 'TodoWrite', input: { todos: seven } }, 'm', { type: 'tool_result', tool_use_id: 'x', content: 'Todos have been modified successfully.' }, false);
    expect(currentTodos([rebuilt])).toEqual(seven);
  });

  it('TL the panel: "3 of 7 done", the current step highlighted in its -ing words, the others by their names', async () => {
    const html = render(await storesWith([call('a', [t('Old', 'pending')]), call('b', seven)]), <TodosPane onClose={() => {}} />);
    expect(html).toContain('aria-label="To-do list"');
    expect(html).toMatch(/role="status"[^>]*>3 of 7 done</);
    expect(html).toMatch(/<progress[^>]*max="7"[^>]*value="3"[^>]*aria-label="Progress: 3 of 7 done"/);
    expect(html).toMatch(/<li class="todo todo--in_progress todo--current" aria-current="step">.*Working on it: <\/span>Test \(now\)<\/span><\/li>/);
    expect(html).toMatch(/Now<\/span> Test \(now\)/);
    expect(html).toMatch(/todo--completed"[^>]*>.*Done: <\/span>Read<\/span>/);
    expect(html).toMatch(/todo--pending"[^>]*>.*To do: <\/span>Ship<\/span>/);
    expect(html).not.toContain('Old');
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toMatch(/<button[^>]*aria-label="Close to-do list"/);
  });

  it('TL without a list the panel says what it is for; the button shows no count', async () => {
    const stores = await storesWith([]);
    expect(render(stores, <TodosPane onClose={() => {}} />)).toContain('No to-do list in this conversation yet.');
    const button = render(stores, <TodosButton open={false} onToggle={() => {}} />);
    expect(button).toMatch(/<button[^>]*aria-expanded="false"[^>]*aria-controls="todos-pane"[^>]*aria-label="To-do list"[^>]*><span class="pane-label__long">To-do list<\/span><span class="pane-label__short" aria-hidden="true">To-dos<\/span><\/button>/);
  });

  it('TL the header button counts "3 of 7" (read out as "3 of 7 done")', async () => {
    const html = render(await storesWith([call('b', seven)]), <TodosButton open onToggle={() => {}} />);
    expect(html).toContain('aria-expanded="true"');
    expect(html).toContain('aria-label="To-do list: 3 of 7 done"');
    expect(html.replace(/<span class="pane-label__short"[^>]*>[^<]*<\/span>/, '').replace(/<[^>]+>/g, '')).toBe('To-do list3 of 7');
  });

  it('TL TodoWrite’s card is one compact line: "Updated the to-do list · 3 of 7 done", no output section', () => {
    const view = viewFor('TodoWrite');
    expect(view.title(call('b', seven))).toBe('Updated the to-do list · 3 of 7 done');
    expect(view.title(call('b', seven, 'running'))).toBe('Update the to-do list · 3 of 7 done');
    expect(view.hasOutput({ call: call('b', seven), progress: undefined })).toBe(false);
    expect(view.stateWords!(call('b', seven))).toBe('Saved');
  });
});
