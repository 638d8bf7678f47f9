// BA10 / issue 15 item 4: the registry's kept flag and stopAll leaving kept tasks running.
import { describe, expect, it } from 'vitest';
import { createInMemoryTaskRegistry, type TaskInfo } from './registry';

function task(id: string, sessionId = 's1'): TaskInfo {
  return { id, kind: 'shell', sessionId, command: `run ${id}`, outputFile: `/tmp/${id}`, pid: 1000, status: 'running', startedAt: 1 };
}

function withStops() {
  const registry = createInMemoryTaskRegistry();
  const stopped: string[] = [];
  const add = (info: TaskInfo) => registry.register({ info, stop: async () => void stopped.push(info.id) });
  return { registry, stopped, add };
}

describe('task registry: kept tasks (issue 15 item 4)', () => {
  it('stopAll stops every running task but the kept ones; includeKept stops those too', async () => {
    const { registry, stopped, add } = withStops();
    add(task('a'));
    add(task('b'));
    expect(registry.setKept('b', true)).toBe(true);
    await registry.stopAll();
    expect(stopped).toEqual(['a']);
    expect(registry.get('a')!.status).toBe('killed');
    expect(registry.get('b')).toMatchObject({ status: 'running', kept: true });
    await registry.stopAll(undefined, { includeKept: true });
    expect(stopped).toEqual(['a', 'b']);
  });

  it('a session closing stops only its own tasks that are not kept', async () => {
    const { registry, stopped, add } = withStops();
    add(task('a', 's1'));
    add(task('b', 's2'));
    add(task('c', 's1'));
    registry.setKept('c', true);
    await registry.stopAll('s1');
    expect(stopped).toEqual(['a']);
  });

  it('setKept tells subscribers, and is refused for an unknown or ended task', async () => {
    const { registry, add } = withStops();
    add(task('a'));
    const seen: (boolean | undefined)[] = [];
    registry.subscribe((t) => seen.push(t.kept));
    registry.setKept('a', true);
    registry.setKept('a', true);
    registry.setKept('a', false);
    expect(seen).toEqual([true, false]);
    expect(registry.setKept('nope', true)).toBe(false);
    await registry.stop('a');
    expect(registry.setKept('a', true)).toBe(false);
  });
});
