// groupSteps / groupState: table-driven (UI1).
import { describe, expect, it } from 'vitest';
import type { ToolCallState } from '../../../shared/tools/tool-call';
import { groupState, groupSteps, type StepItem } from './grouping';

const t = (text: string, key = text): StepItem => ({ kind: 'text', key, text });
const c = (id: string, name = 'Bash', messageId = 'm1'): StepItem => ({ kind: 'tool', id, name, messageId });

/** A compact picture of the result: text as "T", a lone call as its id, a group as [ids]. */
function shape(items: StepItem[], minSize?: number): unknown[] {
  return groupSteps(items, minSize ? { minSize } : {}).map((r) => (r.kind === 'text' ? 'T' : r.kind === 'tool' ? r.id : r.ids));
}

describe('groupSteps (UI1: consecutive calls of one tool in one assistant message collapse)', () => {
  const cases: { name: string; items: StepItem[]; want: unknown[]; minSize?: number }[] = [
    { name: 'nothing', items: [], want: [] },
    { name: 'text only', items: [t('hi')], want: ['T'] },
    { name: 'one call stays a card', items: [c('a')], want: ['a'] },
    { name: 'two calls of one tool group', items: [c('a'), c('b')], want: [['a', 'b']] },
    { name: 'three calls after text', items: [t('Let me look'), c('a'), c('b'), c('c')], want: ['T', ['a', 'b', 'c']] },
    { name: 'text between calls splits them', items: [c('a'), t('and now'), c('b')], want: ['a', 'T', 'b'] },
    { name: 'blank text does not split', items: [c('a'), t('\n  '), c('b')], want: [['a', 'b']] },
    { name: 'another tool splits', items: [c('a'), c('b', 'Read'), c('c')], want: ['a', 'b', 'c'] },
    {
      name: 'runs of different tools group separately',
      items: [c('a', 'Read'), c('b', 'Read'), c('c'), c('d')],
      want: [['a', 'b'], ['c', 'd']],
    },
    { name: 'never across assistant messages', items: [c('a', 'Bash', 'm1'), c('b', 'Bash', 'm2')], want: ['a', 'b'] },
    {
      name: 'a message boundary in a longer run',
      items: [c('a', 'Bash', 'm1'), c('b', 'Bash', 'm1'), c('c', 'Bash', 'm2'), c('d', 'Bash', 'm2')],
      want: [['a', 'b'], ['c', 'd']],
    },
    { name: 'minSize 3 leaves pairs as cards', items: [c('a'), c('b'), t('x'), c('c'), c('d'), c('e')], want: ['a', 'b', 'T', ['c', 'd', 'e']], minSize: 3 },
    { name: 'trailing text after a group', items: [c('a'), c('b'), t('done')], want: [['a', 'b'], 'T'] },
  ];
  for (const { name, items, want, minSize } of cases) {
    it(name, () => expect(shape(items, minSize)).toEqual(want));
  }

  it('a group is named by its tool and keyed by its first call', () => {
    expect(groupSteps([c('a', 'Read'), c('b', 'Read')])).toEqual([{ kind: 'group', key: 'group:a', name: 'Read', groupKey: 'Read', ids: ['a', 'b'] }]);
  });
});

describe('groupSteps with group keys (UI1: Grep and Glob in a row are one run of searches)', () => {
  const keyOf = (name: string): string => (name === 'Grep' || name === 'Glob' ? 'search' : name);
  const shapeKeyed = (items: StepItem[]): unknown[] =>
    groupSteps(items, { groupKeyOf: keyOf }).map((r) => (r.kind === 'text' ? 'T' : r.kind === 'tool' ? r.id : `${r.groupKey}:${r.ids.join('')}`));
  const cases: { name: string; items: StepItem[]; want: unknown[] }[] = [
    { name: 'Grep then Glob group as searches', items: [c('a', 'Grep'), c('b', 'Glob')], want: ['search:ab'] },
    { name: 'mixed runs of three', items: [c('a', 'Glob'), c('b', 'Grep'), c('c', 'Grep')], want: ['search:abc'] },
    { name: 'a Read ends the search run', items: [c('a', 'Grep'), c('b', 'Glob'), c('c', 'Read'), c('d', 'Grep')], want: ['search:ab', 'c', 'd'] },
    { name: 'text ends the search run', items: [c('a', 'Grep'), t('hm'), c('b', 'Glob')], want: ['a', 'T', 'b'] },
    { name: 'never across assistant messages', items: [c('a', 'Grep', 'm1'), c('b', 'Glob', 'm2')], want: ['a', 'b'] },
    { name: 'tools without a shared key still group by name', items: [c('a', 'Read'), c('b', 'Read'), c('c', 'Grep')], want: ['Read:ab', 'c'] },
  ];
  for (const { name, items, want } of cases) {
    it(name, () => expect(shapeKeyed(items)).toEqual(want));
  }

  it('the group is named by its first call, so that view renders it', () => {
    expect(groupSteps([c('a', 'Glob'), c('b', 'Grep')], { groupKeyOf: keyOf })).toEqual([{ kind: 'group', key: 'group:a', name: 'Glob', groupKey: 'search', ids: ['a', 'b'] }]);
  });
});

describe('groupState (one state for a group)', () => {
  const cases: [ToolCallState[], ToolCallState][] = [
    [['succeeded', 'succeeded'], 'succeeded'],
    [['succeeded', 'running'], 'running'],
    [['running', 'awaiting_permission'], 'awaiting_permission'],
    [['validating', 'succeeded'], 'validating'],
    [['succeeded', 'failed', 'cancelled'], 'failed'],
    [['succeeded', 'cancelled'], 'cancelled'],
    [['rejected', 'succeeded'], 'rejected'],
    [[], 'succeeded'],
  ];
  for (const [states, want] of cases) {
    it(`${states.join(', ') || 'none'} → ${want}`, () => expect(groupState(states)).toBe(want));
  }
});
