// Bash view data: input parsing, the output shown (live, structured, or rebuilt text), notes and badges (UI3).
import { describe, expect, it } from 'vitest';
import type { BashOutput } from '../../../../shared/tools/bash';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { appendProgress } from '../../stores/progress-log';
import { formatDuration } from '../../../../shared/format-duration';
import { bashInput, bashNotes, exitBadge, savedOutputPath, shownOutput } from './bash-facts';

const out = (over: Partial<BashOutput> = {}): BashOutput => ({
  stdout: 'hello\n',
  stderr: '',
  exitCode: 0,
  interrupted: false,
  timedOut: false,
  timeoutMs: 120_000,
  cwd: '/p',
  ...over,
});

function call(state: ToolCallView['state'], over: Partial<ToolCallView> = {}): ToolCallView {
  return { id: 'c1', name: 'Bash', userFacingName: 'Bash', messageId: 'm', input: { command: 'npm test', description: 'Run the tests' }, state, ...over };
}
const withData = (data: BashOutput, state: ToolCallView['state'] = 'succeeded'): ToolCallView =>
  call(state, { result: { text: 'model text', isError: state !== 'succeeded', data } });

const texts = (s: ReturnType<typeof shownOutput>): [string, string][] => s.chunks.map((c) => [c.stream, c.text]);

describe('Bash view facts (UI3)', () => {
  it('reads the command and description, tolerating junk', () => {
    expect(bashInput({ command: 'ls', description: ' List files ' })).toEqual({ command: 'ls', description: 'List files' });
    expect(bashInput(null)).toEqual({ command: '', description: '' });
    expect(bashInput({ command: 5 })).toEqual({ command: '', description: '' });
  });

  it('shows the live output as it arrived when there is one', () => {
    const progress = appendProgress(undefined, [
      { type: 'output', stream: 'stdout', text: 'a\n' },
      { type: 'output', stream: 'stderr', text: 'warn\n' },
    ]);
    expect(texts(shownOutput(withData(out({ stdout: 'ignored' })), progress))).toEqual([
      ['stdout', 'a\n'],
      ['stderr', 'warn\n'],
    ]);
  });

  it('else stdout then stderr from the structured result, else the result text of a reopened session', () => {
    expect(texts(shownOutput(withData(out({ stdout: 'x', stderr: 'y' })), undefined))).toEqual([
      ['stdout', 'x'],
      ['stderr', '\ny'],
    ]);
    expect(texts(shownOutput(call('succeeded', { result: { text: 'old output\n', isError: false } }), undefined))).toEqual([['stdout', 'old output']]);
    const rebuiltFail = call('failed', { result: { text: 'boom\nExit code 1', isError: true }, error: { message: 'boom\nExit code 1' } });
    expect(texts(shownOutput(rebuiltFail, undefined))).toEqual([['stdout', 'boom\nExit code 1']]);
    const stopped = call('cancelled', { result: { text: 'line1\n<error>Command was aborted before completion</error>', isError: true } });
    expect(texts(shownOutput(stopped, undefined))).toEqual([['stdout', 'line1']]);
  });

  it('a denial or an input error is not output', () => {
    const denied = call('rejected', { result: { text: 'The user denied this Bash call', isError: true }, error: { message: 'The user denied this Bash call', code: 'permission_denied' } });
    expect(shownOutput(denied, undefined).chunks).toEqual([]);
    const invalid = call('failed', { result: { text: 'bad input', isError: true }, error: { message: 'bad input', code: 'invalid_input' } });
    expect(shownOutput(invalid, undefined).chunks).toEqual([]);
  });

  it('notes say how the run ended', () => {
    expect(bashNotes(withData(out({ timedOut: true, exitCode: null, timeoutMs: 120_000 }), 'failed'))).toEqual(['Stopped because it ran longer than 2m 0s.']);
    expect(bashNotes(withData(out({ interrupted: true, exitCode: null }), 'cancelled'))).toEqual(['Stopped before it finished.']);
    expect(bashNotes(withData(out({ exitCode: 1, returnCodeInterpretation: 'No matches found' })))).toEqual(['Exit code 1: No matches found.']);
    expect(bashNotes(call('cancelled'))).toEqual(['Stopped before it finished.']);
    expect(bashNotes(withData(out()))).toEqual([]);
  });

  it('exit code badge and the saved-output path', () => {
    expect(exitBadge(withData(out()))).toEqual({ text: 'Exit code 0', ok: true });
    expect(exitBadge(withData(out({ exitCode: 2 }), 'failed'))).toEqual({ text: 'Exit code 2', ok: false });
    expect(exitBadge(withData(out({ exitCode: 1, returnCodeInterpretation: 'No matches found' })))).toEqual({ text: 'Exit code 1', ok: true });
    expect(exitBadge(withData(out({ exitCode: null, signal: 'SIGKILL' }), 'failed'))).toBeNull();
    expect(exitBadge(call('succeeded'))).toBeNull();
    expect(savedOutputPath(withData(out({ outputFile: '/tmp/out.txt' })))).toBe('/tmp/out.txt');
    expect(savedOutputPath(call('succeeded', { result: { text: 't', isError: false, persistedPath: '/s/r.txt' } }))).toBe('/s/r.txt');
    expect(savedOutputPath(withData(out()))).toBeNull();
  });

  it('formats durations like the engine', () => {
    expect([formatDuration(300), formatDuration(1_500), formatDuration(120_000), formatDuration(3_725_000)]).toEqual(['300ms', '1.5s', '2m 0s', '1h 2m 5s']);
  });
});
