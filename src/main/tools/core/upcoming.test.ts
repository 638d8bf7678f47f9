// A used-up launcher is replaced at once only when a call queued next starts a program, as its tool's
// traits say (ToolDef.startsProgram), not as a list of names says.
import { describe, expect, it } from 'vitest';
import { fakeTool } from './test-tools';
import { programQueuedNext } from './upcoming';

const tools = [fakeTool('Read'), fakeTool('Glob', { startsProgram: true }), fakeTool('NewSearch', { startsProgram: true })];

describe('programQueuedNext', () => {
  it('is true when a queued call starts a program, false when none does, true when nothing is known', () => {
    expect(programQueuedNext({ tools, upcoming: () => ({ queued: ['Read', 'Glob'], streamOpen: false }) })).toBe(true);
    expect(programQueuedNext({ tools, upcoming: () => ({ queued: ['Read'], streamOpen: true }) })).toBe(false);
    expect(programQueuedNext({ tools, upcoming: () => ({ queued: ['NewSearch'], streamOpen: false }) })).toBe(true);
    expect(programQueuedNext({ tools, upcoming: () => ({ queued: ['Unknown'], streamOpen: false }) })).toBe(false);
    expect(programQueuedNext({ tools })).toBe(true);
  });
});
