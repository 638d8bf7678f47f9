// `agent-desk task …` parsing (issue 18 item 5, DK3): each subcommand's options, and one-line usage errors.
import { describe, expect, it } from 'vitest';
import { parseCommand } from './args';

const parse = (...argv: string[]) => parseCommand(['task', ...argv], () => false);

describe('agent-desk task (parsing)', () => {
  it('start: folder, mode, name, budget, saved task and the prompt words', () => {
    expect(parse('start', '--cwd', '/p', '--mode', 'acceptEdits', '--name', 'nightly deps', '--budget', '2.50', 'update', 'the deps')).toEqual({
      kind: 'task-start', cwd: '/p', mode: 'acceptEdits', name: 'nightly deps', budgetUsd: 2.5, saved: null, prompt: 'update the deps', stdin: false, json: false,
    });
    expect(parse('start', '--saved', 'nightly deps')).toMatchObject({ kind: 'task-start', saved: 'nightly deps', prompt: null, mode: null, stdin: false });
    // `-`, or no prompt at all: it comes on stdin (the command refuses a terminal).
    expect(parse('start', '--cwd', '/p', '-')).toMatchObject({ kind: 'task-start', prompt: null, stdin: true });
    expect(parse('start')).toMatchObject({ kind: 'task-start', prompt: null, stdin: true });
    expect(parse('start', '--saved', 'nightly', '-')).toMatchObject({ saved: 'nightly', stdin: true });
    expect(parse('start', 'a', '-')).toMatchObject({ prompt: 'a -', stdin: false });
    expect(parse('start', '--permission-mode', 'plan', 'x')).toMatchObject({ mode: 'plan' });
  });

  it('list, stop and the hidden worker', () => {
    expect(parse('list')).toEqual({ kind: 'task-list', cwd: null, json: false });
    expect(parse('list', '--cwd', '.', '--json')).toEqual({ kind: 'task-list', cwd: '.', json: true });
    expect(parse('stop', 'abc123')).toEqual({ kind: 'task-stop', id: 'abc123', json: false });
    expect(parse('_worker', 'abc123')).toEqual({ kind: 'task-worker', id: 'abc123' });
    expect(parse()).toEqual({ kind: 'help', topic: 'task' });
    expect(parse('start', '--help')).toEqual({ kind: 'help', topic: 'task' });
  });

  it.each([
    [['start', '--mode', 'yolo', 'x'], "--mode must be one of default, acceptEdits, plan, bypassPermissions (got 'yolo')"],
    [['start', '--budget=-1', 'x'], "--budget must be an amount in USD above 0 and at most 10000 (got '-1')"],
    [['start', '--budget', '-1', 'x'], "Option '--budget' argument is ambiguous"],
    [['start', '--budget', '1e9', 'x'], "--budget must be an amount in USD above 0 and at most 10000 (got '1e9')"],
    [['start', '--name', '  ', 'x'], '--name needs a name of 1 to 80 characters'],
    [['start', '--bogus', 'x'], "unknown option '--bogus'"],
    [['stop'], 'task stop takes one task id (see agent-desk task list)'],
    [['stop', 'a', 'b'], 'task stop takes one task id (see agent-desk task list)'],
    [['stop', '--cwd', '.', 'a'], 'task stop takes no --cwd'],
    [['list', 'x'], 'task list takes no arguments (use --cwd DIR for one folder)'],
    [['list', '--mode', 'plan'], 'task list takes no --mode'],
    [['restart'], "unknown task command 'restart' (start, list or stop)"],
  ])('%j → %s', (argv, message) => {
    expect(parse(...argv)).toEqual({ kind: 'usage-error', message });
  });
});
