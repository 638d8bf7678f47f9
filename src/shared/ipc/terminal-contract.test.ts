// The terminal channels' schemas (issue 15 item 5): sizes and input bounded, unknown fields refused.
import { describe, expect, it } from 'vitest';
import { eventContract, invokeContract } from './contract';
import { TERMINAL_INPUT_MAX } from './terminal-contract';

const ok = (channel: keyof typeof invokeContract, value: unknown) => invokeContract[channel].request.safeParse(value).success;

describe('terminal contract (issue 15 item 5)', () => {
  it('terminal:open takes a window size, and a task id for a read-only tab', () => {
    expect(ok('terminal:open', { cols: 80, rows: 24 })).toBe(true);
    expect(ok('terminal:open', { cols: 80, rows: 24, taskId: 'task-1' })).toBe(true);
    expect(ok('terminal:open', { cols: 0, rows: 24 })).toBe(false);
    expect(ok('terminal:open', { cols: 80, rows: 100_000 })).toBe(false);
    expect(ok('terminal:open', { cols: 80.5, rows: 24 })).toBe(false);
    expect(ok('terminal:open', { cols: 80, rows: 24, shell: '/bin/evil' })).toBe(false);
  });
  it('terminal:input is bounded: one batch of at most 64 KB, never empty', () => {
    expect(ok('terminal:input', { terminalId: 'term-1', data: 'ls\r' })).toBe(true);
    expect(ok('terminal:input', { terminalId: 'term-1', data: 'x'.repeat(TERMINAL_INPUT_MAX) })).toBe(true);
    expect(ok('terminal:input', { terminalId: 'term-1', data: 'x'.repeat(TERMINAL_INPUT_MAX + 1) })).toBe(false);
    expect(ok('terminal:input', { terminalId: 'term-1', data: '' })).toBe(false);
    expect(ok('terminal:input', { terminalId: '', data: 'a' })).toBe(false);
  });
  it('resize, close and list refuse what they do not expect', () => {
    expect(ok('terminal:resize', { terminalId: 'term-1', cols: 100, rows: 30 })).toBe(true);
    expect(ok('terminal:resize', { terminalId: 'term-1', cols: 100 })).toBe(false);
    expect(ok('terminal:close', { terminalId: 'term-1' })).toBe(true);
    expect(ok('terminal:close', {})).toBe(false);
    expect(ok('terminal:list', {})).toBe(true);
    expect(ok('terminal:list', { all: true })).toBe(false);
  });
  it('events: data and exit as plain data; an oversized batch does not pass', () => {
    expect(eventContract['terminal:data'].safeParse({ terminalId: 'term-1', data: 'hi' }).success).toBe(true);
    expect(eventContract['terminal:data'].safeParse({ terminalId: 'term-1', data: 'x'.repeat(64 * 1024 + 1) }).success).toBe(false);
    expect(eventContract['terminal:exit'].safeParse({ terminalId: 'term-1', exitCode: 0, signal: null }).success).toBe(true);
    expect(eventContract['terminal:exit'].safeParse({ terminalId: 'term-1', exitCode: 'zero', signal: null }).success).toBe(false);
  });
});
