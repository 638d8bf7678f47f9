import { describe, expect, it } from 'vitest';
import { ReadTool } from '../read/read.tool';
import { abortsSiblingsOnError, isConcurrencySafeUse, worksInThreadUse } from './traits';
import { makeBashLike, makeTool, toolUse } from './test-helpers';

const read = makeTool({ name: 'Read', isConcurrencySafe: () => true });
const bash = makeBashLike({ isConcurrencySafe: (i) => i.command === 'ls' });
const write = makeTool({ name: 'Write' });
const tools = [read, bash, write];

describe('CC2/CC4 traits the executor needs, from the tool and its parsed input', () => {
  it('concurrency safety is per input; unknown tools and invalid input are not safe', () => {
    expect(isConcurrencySafeUse(tools, toolUse('1', 'Read', { text: 'a' }))).toBe(true);
    expect(isConcurrencySafeUse(tools, toolUse('2', 'Bash', { command: 'ls' }))).toBe(true);
    expect(isConcurrencySafeUse(tools, toolUse('3', 'Bash', { command: 'rm x' }))).toBe(false);
    expect(isConcurrencySafeUse(tools, toolUse('4', 'Write', { text: 'a' }))).toBe(false);
    expect(isConcurrencySafeUse(tools, toolUse('5', 'Nope', {}))).toBe(false);
    expect(isConcurrencySafeUse(tools, toolUse('6', 'Read', { text: 5 }))).toBe(false);
  });

  it('only Bash aborts its siblings', () => {
    expect(abortsSiblingsOnError(tools, toolUse('1', 'Bash', { command: 'false' }))).toBe(true);
    expect(abortsSiblingsOnError(tools, toolUse('2', 'Read', {}))).toBe(false);
  });

  it('whether a call works in this thread comes from its tool (Read does); unknown tools do not', () => {
    const withRead = [ReadTool, bash];
    expect(worksInThreadUse(withRead, toolUse('1', 'Read', { file_path: '/a' }))).toBe(true);
    expect(worksInThreadUse(withRead, toolUse('2', 'Bash', { command: 'ls' }))).toBe(false);
    expect(worksInThreadUse(withRead, toolUse('3', 'Nope', {}))).toBe(false);
  });
});
