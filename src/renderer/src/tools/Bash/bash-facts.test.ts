// Bash view data: input parsing, the output shown (live, structured, or rebuilt text), notes, how it
// ended in words ("Finished", "Failed (error 1)"; the exit code as a detail) and a failure's first error (UI3, PX2).
import { describe, expect, it } from 'vitest';
import type { BashOutput } from '../../../../shared/tools/bash';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { appendProgress } from '../../stores/progress-log';
import { formatDuration } from '../../../../shared/format-duration';
import { bashDetails, bashInput, bashNotes, bashProblem, bashStateWords, errorSpot, savedOutputPath, shownOutput } from './bash-facts';

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
    // The engine's "Exit code 1" line is not output: the state words say it.
    const rebuiltFail = call('failed', { result: { text: 'boom\nExit code 1', isError: true }, error: { message: 'boom\nExit code 1' } });
    expect(texts(shownOutput(rebuiltFail, undefined))).toEqual([['stdout', 'boom']]);
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
    expect(bashNotes(withData(out({ exitCode: 1, returnCodeInterpretation: 'No matches found' })))).toEqual(['No matches found.']);
    expect(bashNotes(call('cancelled'))).toEqual(['Stopped before it finished.']);
    expect(bashNotes(withData(out()))).toEqual([]);
  });

  it("BA10 a background command's note follows its task: where to stop it while it runs, how it ended after", () => {
    const moved = withData(out({ backgroundTaskId: 'bash_1', backgroundedByUser: true, exitCode: null }));
    const task = { startedAt: 1_000, exitCode: null };
    expect(bashNotes(moved)).toEqual([expect.stringMatching(/^Moved to the background: it keeps running, listed under Running programs/)]);
    expect(bashNotes(moved, { ...task, status: 'running' })).toEqual([expect.stringMatching(/^Moved to the background: it keeps running/)]);
    expect(bashNotes(moved, { ...task, status: 'killed', endedAt: 4_000 })).toEqual(['Moved to the background. Stopped after 3 s.']);
    const started = withData(out({ backgroundTaskId: 'bash_2', exitCode: null }));
    expect(bashNotes(started, { ...task, status: 'completed', exitCode: 0, endedAt: 2_000 })).toEqual(['Ran in the background. Finished after 1 s.']);
    const auto = withData(out({ backgroundTaskId: 'bash_3', backgroundedAfterMs: 15_000, exitCode: null }));
    expect(bashNotes(auto, { ...task, status: 'failed', exitCode: 2, endedAt: 31_000 })).toEqual(['Still running after 15s, so it moved to the background by itself. Ended with a problem after 30 s (exit code 2).']);
    for (const ended of ['killed', 'completed', 'failed'] as const) expect(bashNotes(moved, { ...task, status: ended, endedAt: 2_000 }).join(' ')).not.toContain('keeps running');
  });

  const states: [string, ToolCallView, string | null][] = [
    ['a success', withData(out()), 'Finished'],
    ['a non-zero exit that is an answer', withData(out({ exitCode: 1, returnCodeInterpretation: 'No matches found' })), 'Finished'],
    ['a failure', withData(out({ exitCode: 2 }), 'failed'), 'Failed (error 2)'],
    ['killed by a signal', withData(out({ exitCode: null, signal: 'SIGKILL' }), 'failed'), null],
    ['started in the background', withData(out({ backgroundTaskId: 'b1', exitCode: null })), 'Started in the background'],
    ['a success rebuilt from the transcript', call('succeeded', { result: { text: 'ok', isError: false } }), 'Finished'],
    ['a failure rebuilt from the transcript', call('failed', { result: { text: 'boom\nExit code 127', isError: true }, error: { message: 'boom\nExit code 127' } }), 'Failed (error 127)'],
    ['waiting', call('awaiting_permission'), null],
    ['denied', call('rejected', { error: { message: 'The user denied this Bash call', code: 'permission_denied' } }), null],
  ];
  for (const [name, c, words] of states) it(`state words: ${name} → ${String(words)}`, () => expect(bashStateWords(c)).toBe(words));

  it('the exit code is a technical detail; the saved-output path', () => {
    expect(bashDetails(withData(out()))[0]).toBe('Exit code 0');
    expect(bashDetails(withData(out({ exitCode: 1, returnCodeInterpretation: 'No matches found' })))[0]).toBe('Exit code 1 (No matches found)');
    expect(bashDetails(withData(out({ exitCode: null, signal: 'SIGKILL' }), 'failed'))).toEqual([]);
    expect(bashDetails(call('succeeded'))).toEqual([]);
    expect(savedOutputPath(withData(out({ outputFile: '/tmp/out.txt' })))).toBe('/tmp/out.txt');
    expect(savedOutputPath(call('succeeded', { result: { text: 't', isError: false, persistedPath: '/s/r.txt' } }))).toBe('/s/r.txt');
    expect(savedOutputPath(withData(out()))).toBeNull();
  });

  it('a failure names its first error line and marks it across the chunks it arrived in', () => {
    const failed = withData(out({ stdout: 'building\n', stderr: 'warning: old\nfatal: no such ref\n', exitCode: 128 }), 'failed');
    expect(bashProblem(failed)).toBe('First error: fatal: no such ref');
    expect(bashProblem(withData(out({ stderr: 'fatal: x\n' }), 'succeeded'))).toBeNull();
    const chunks = [
      { stream: 'stderr' as const, text: 'warning: old\nfat' },
      { stream: 'stdout' as const, text: 'building\n' },
      { stream: 'stderr' as const, text: 'al: no such ref\n' },
    ];
    const spot = errorSpot(chunks)!;
    expect(spot.line.text).toBe('fatal: no such ref');
    expect(spot.marks).toEqual([
      { chunk: 0, start: 13, end: 16 },
      { chunk: 2, start: 0, end: 15 },
    ]);
    expect(spot.marks.map((m) => chunks[m.chunk]!.text.slice(m.start, m.end)).join('')).toBe('fatal: no such ref');
    expect(errorSpot([{ stream: 'stdout', text: 'all good\n' }])).toBeNull();
  });

  it('reads a coloured failure in its visible text: the line without escapes, marks on the words shown', () => {
    const chunks = [
      { stream: 'stdout' as const, text: '\x1b[36mbuilding\x1b[0m\n' },
      { stream: 'stderr' as const, text: '\x1b[33mwarning: old\x1b[0m\n\x1b[31merror: boom\x1b[0m\n' },
    ];
    const spot = errorSpot(chunks)!;
    expect(spot.line.text).toBe('error: boom');
    expect(spot.marks).toEqual([{ chunk: 1, start: 13, end: 24 }]);
    expect('warning: old\nerror: boom\n'.slice(13, 24)).toBe('error: boom');
    // Split mid-escape and mid-line across chunks, the other stream between them.
    const split = [
      { stream: 'stderr' as const, text: 'x\n\x1b[1;3' },
      { stream: 'stdout' as const, text: 'noise\n' },
      { stream: 'stderr' as const, text: '1merror: bo\x1b[0m\x1b[31mom\x1b[0m\n' },
    ];
    const spot2 = errorSpot(split)!;
    expect(spot2.line.text).toBe('error: boom');
    expect(spot2.marks).toEqual([{ chunk: 2, start: 0, end: 11 }]);
    const failed = withData(out({ stderr: '\x1b[1m\x1b[31mfatal:\x1b[39m not a git repository\x1b[22m\n', exitCode: 128 }), 'failed');
    expect(bashProblem(failed)).toBe('First error: fatal: not a git repository');
  });

  it('formats durations like the engine', () => {
    expect([formatDuration(300), formatDuration(1_500), formatDuration(120_000), formatDuration(3_725_000)]).toEqual(['0.3s', '1.5s', '2m 0s', '1h 2m 5s']);
  });
});
