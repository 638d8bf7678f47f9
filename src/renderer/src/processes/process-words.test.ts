// Issue 15 item 4: the Running programs panel's words, plain for a person who never used a terminal.
import { describe, expect, it } from 'vitest';
import { endedWords, leftoversHeadline, memoryWords, processorWords, programTitle, runningCount, runningForWords, spanWords, stopQuestion } from './process-words';

describe('Running programs words (issue 15 item 4)', () => {
  it('a program is named by its description, else its command', () => {
    expect(programTitle({ command: 'npm run dev', description: 'Start the dev server' })).toBe('Start the dev server');
    expect(programTitle({ command: 'npm run dev', description: ' ' })).toBe('npm run dev');
  });

  it('says for how long it runs in minutes and hours', () => {
    expect(runningForWords(0, 3 * 60_000 + 5_000)).toBe('Running for 3 min');
    expect(spanWords(40_000)).toBe('40 s');
    expect(spanWords(400)).toBe('less than a second');
    expect(spanWords(125 * 60_000)).toBe('2 h 5 min');
    expect(spanWords(27 * 3_600_000)).toBe('1 day 3 h');
  });

  it('memory in MB or GB, processor in percent', () => {
    expect(memoryWords(42 * 1024 * 1024)).toBe('42 MB');
    expect(memoryWords(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(memoryWords(2.25 * 1024 ** 3)).toBe('2.3 GB');
    expect(processorWords(0.2)).toBe('<1%');
    expect(processorWords(0)).toBe('0%');
    expect(processorWords(12.6)).toBe('13%');
  });

  it('how a program ended', () => {
    expect(endedWords({ status: 'completed', exitCode: 0, startedAt: 0, endedAt: 120_000 })).toBe('Finished after 2 min');
    expect(endedWords({ status: 'failed', exitCode: 1, startedAt: 0, endedAt: 5_000 })).toBe('Ended with a problem after 5 s (exit code 1)');
    expect(endedWords({ status: 'killed', startedAt: 0 })).toBe('Stopped');
  });

  it('asks before stopping a program that started others, not otherwise', () => {
    expect(stopQuestion(1)).toBeNull();
    expect(stopQuestion(2)).toBe('This program started another program. Stopping it stops both. Anything not saved in them is lost.');
    expect(stopQuestion(4)).toBe('This program started 3 other programs. Stopping it stops all 4. Anything not saved in them is lost.');
  });

  it('the leftovers headline and the button count', () => {
    expect(leftoversHeadline(2)).toBe('2 programs were left running when Agent Desk last closed');
    expect(leftoversHeadline(1)).toBe('1 program was left running when Agent Desk last closed');
    expect(runningCount([{ status: 'running' }, { status: 'killed' }], [{}])).toBe(2);
  });
});
