// One to-do system per session (issue 18 item 3, AS2, AS5): interactive sessions get Claude Code's Task
// tools, headless runs TodoWrite, CLAUDE_CODE_ENABLE_TASKS turns either way; the pool never holds both.
import { describe, expect, it } from 'vitest';
import { getAllBaseTools } from '../builtin';
import { getTools } from './assemble';
import { checklistFor } from './checklist';

const TASK_TOOLS = ['TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate'];
const namesFor = (checklist: 'todos' | 'tasks' | undefined) =>
  getTools({ mode: 'default', alwaysDenyRules: [], ...(checklist ? { checklist } : {}) }, getAllBaseTools()).map((t) => t.name);

describe('the session’s to-do system (issue 18 item 3)', () => {
  it('interactive: the Task tools; headless (-p): TodoWrite — as Claude Code offers them', () => {
    expect(checklistFor({ headless: false, env: {} })).toBe('tasks');
    expect(checklistFor({ headless: true, env: {} })).toBe('todos');
  });

  it('CLAUDE_CODE_ENABLE_TASKS=1 gives a headless run the Task tools; =0 keeps TodoWrite anywhere', () => {
    expect(checklistFor({ headless: true, env: { CLAUDE_CODE_ENABLE_TASKS: '1' } })).toBe('tasks');
    expect(checklistFor({ headless: true, env: { CLAUDE_CODE_ENABLE_TASKS: 'true' } })).toBe('tasks');
    expect(checklistFor({ headless: false, env: { CLAUDE_CODE_ENABLE_TASKS: '0' } })).toBe('todos');
    expect(checklistFor({ headless: false, env: { CLAUDE_CODE_ENABLE_TASKS: 'off' } })).toBe('todos');
    expect(checklistFor({ headless: true, env: { CLAUDE_CODE_ENABLE_TASKS: 'maybe' } })).toBe('todos');
  });

  it('the pool holds one system, never both; TaskOutput and TaskStop are in both', () => {
    const tasks = namesFor('tasks');
    expect(tasks).toEqual(expect.arrayContaining([...TASK_TOOLS, 'TaskOutput', 'TaskStop']));
    expect(tasks).not.toContain('TodoWrite');
    const todos = namesFor('todos');
    expect(todos).toEqual(expect.arrayContaining(['TodoWrite', 'TaskOutput', 'TaskStop']));
    for (const name of TASK_TOOLS) expect(todos).not.toContain(name);
    // Unset: an interactive session's.
    expect(namesFor(undefined)).toEqual(tasks);
  });
});
