// rebuildCall / inputSubject: past calls rebuilt from the transcript, and the generic input summary.
import { describe, expect, it } from 'vitest';
import type { ToolCallState } from '../../../shared/tools/tool-call';
import { inputEntries, inputSubject, oneLine } from './input-summary';
import { rebuildCall, type ToolResultBlock, type ToolUseBlock } from './rebuild';

const use: ToolUseBlock = { type: 'tool_use', id: 'tu1', name: 'Bash', input: { command: 'npm test' } };
const result = (content: ToolResultBlock['content'], is_error?: boolean): ToolResultBlock => ({
  type: 'tool_result',
  tool_use_id: 'tu1',
  content,
  ...(is_error === undefined ? {} : { is_error }),
});

describe('rebuildCall (a reopened session shows its past tool calls)', () => {
  const cases: [string, ToolResultBlock, ToolCallState][] = [
    ['a plain result', result('ok'), 'succeeded'],
    ['text blocks', result([{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }]), 'succeeded'],
    ['an error', result('Exit code 1', true), 'failed'],
    ['stopped by the person', result('The user stopped this tool call.', true), 'cancelled'],
    ['a sibling failed', result('Cancelled: a sibling Bash command failed: make', true), 'cancelled'],
    ['Bash aborted mid-run', result('line1\n<error>Command was aborted before completion</error>', true), 'cancelled'],
    ['denied by the person', result('The user denied this Bash call, so it did not run. The user said:\nno', true), 'rejected'],
    ['denied by a rule', result('Permission to use Bash has been denied by the rule Bash(rm:*) (userSettings).', true), 'rejected'],
    ['blocked by a hook', result('PreToolUse hook denied this call: nope', true), 'rejected'],
  ];
  for (const [name, block, state] of cases) {
    it(`${name} → ${state}`, () => expect(rebuildCall(use, 'm1', block, false).state).toBe(state));
  }

  it('keeps the input, the result text and the error', () => {
    const call = rebuildCall(use, 'm1', result('boom', true), false);
    expect(call).toMatchObject({ id: 'tu1', name: 'Bash', messageId: 'm1', input: { command: 'npm test' }, result: { text: 'boom', isError: true }, error: { message: 'boom' } });
    expect(rebuildCall(use, 'm1', result('fine'), false).error).toBeUndefined();
  });

  it('without a result: about to start while the turn runs, stopped after it ended', () => {
    expect(rebuildCall(use, 'm1', undefined, true).state).toBe('validating');
    expect(rebuildCall(use, 'm1', undefined, false).state).toBe('cancelled');
  });
});

describe('inputSubject / inputEntries (generic view of any tool)', () => {
  it('picks the field that says what the call is about', () => {
    expect(inputSubject({ description: 'd', command: 'ls -la' })).toBe('ls -la');
    expect(inputSubject({ file_path: '/a/b.ts', limit: 3 })).toBe('/a/b.ts');
    expect(inputSubject({ whatever: 'x', n: 1 })).toBe('x');
    expect(inputSubject({ n: 1 })).toBe('');
    expect(inputSubject('free text')).toBe('free text');
    expect(inputSubject(null)).toBe('');
    expect(inputSubject([1, 2])).toBe('');
  });
  it('keeps one short line', () => {
    expect(oneLine('first\nsecond')).toBe('first …');
    expect(oneLine('x'.repeat(100))).toHaveLength(80);
  });
  it('lists fields, JSON for non-strings', () => {
    expect(inputEntries({ a: 'x', b: 2, c: undefined, d: { e: 1 } })).toEqual([
      { key: 'a', value: 'x' },
      { key: 'b', value: '2' },
      { key: 'd', value: '{\n  "e": 1\n}' },
    ]);
    expect(inputEntries(7)).toEqual([{ key: '', value: '7' }]);
    expect(inputEntries(undefined)).toEqual([]);
  });
});
