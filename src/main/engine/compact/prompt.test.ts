// Issue 20 item 2: the summary request's shape, the summary taken from the reply, and the refusal that
// asks for a summary.
import { describe, expect, it } from 'vitest';
import { compactSettingsFrom, compactLimits, DEFAULT_AUTO_COMPACT_PERCENT } from './settings';
import { continuationText, extractSummary, isPromptTooLong, summaryRequestText } from './prompt';

describe('the summary prompt (issue 20 item 2)', () => {
  it('asks for the analysis, then a summary with the task, decisions, files, errors and open todos; instructions go last before the no-tools rule', () => {
    const t = summaryRequestText('focus on tests');
    for (const s of ['<analysis>', '<summary>', 'Primary request', 'Files and code', 'Errors and fixes', 'Decisions', 'Open todos', 'Current work', 'Do not use any tools']) expect(t).toContain(s);
    expect(t.indexOf('focus on tests')).toBeGreaterThan(t.indexOf('Next step'));
    expect(summaryRequestText()).not.toContain('Additional instructions');
  });

  it('takes the <summary> block from the reply, or the reply without its analysis', () => {
    expect(extractSummary('<analysis>think</analysis>\n<summary>\n1. Task\n\n\n\n2. Files\n</summary>')).toBe('1. Task\n\n2. Files');
    expect(extractSummary('<analysis>think</analysis>plain')).toBe('plain');
  });

  it('the continuation says what it is, and an automatic one tells the model to go on', () => {
    expect(continuationText('S', { keptRecent: true, auto: true })).toMatch(/summary below[\s\S]*S[\s\S]*most recent messages follow[\s\S]*read again[\s\S]*Continue from where you left off/);
    expect(continuationText('S', { keptRecent: false, auto: false })).not.toMatch(/Continue from where|most recent/);
  });

  it('recognises the API\'s "prompt is too long" 400 and nothing else', () => {
    expect(isPromptTooLong({ code: 'invalid_request', message: 'The model rejected the request (400): prompt is too long: 210000 tokens > 200000 maximum' })).toBe(true);
    expect(isPromptTooLong({ code: 'invalid_request', message: 'max_tokens: too big' })).toBe(false);
    expect(isPromptTooLong({ code: 'overloaded', message: 'prompt is too long' })).toBe(false);
    expect(isPromptTooLong({ code: 'invalid_request', message: 'The model rejected the request (413): Request exceeds the maximum allowed number of bytes.', status: 413 })).toBe(true);
  });
});

describe('compact settings (issue 20 item 2)', () => {
  it("reads Claude Code's variables: the percent, the window, and the switches", () => {
    expect(compactSettingsFrom({})).toEqual({ enabled: true, auto: true, percent: DEFAULT_AUTO_COMPACT_PERCENT });
    expect(compactSettingsFrom({ CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '50', CLAUDE_CODE_AUTO_COMPACT_WINDOW: '10000' })).toEqual({ enabled: true, auto: true, percent: 50, windowOverride: 10_000 });
    expect(compactSettingsFrom({ DISABLE_AUTO_COMPACT: '1' })).toMatchObject({ enabled: true, auto: false });
    expect(compactSettingsFrom({ DISABLE_COMPACT: 'true' })).toMatchObject({ enabled: false, auto: false });
    expect(compactSettingsFrom({ CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '150', CLAUDE_CODE_AUTO_COMPACT_WINDOW: 'big' })).toEqual({ enabled: true, auto: true, percent: DEFAULT_AUTO_COMPACT_PERCENT });
  });

  it('the threshold is that percent of the window (the model\'s own, or the override)', () => {
    expect(compactLimits(compactSettingsFrom({}), 'claude-sonnet-4-5').threshold).toBe(184_000);
    expect(compactLimits(compactSettingsFrom({ CLAUDE_CODE_AUTO_COMPACT_WINDOW: '10000', CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '80' }), 'x')).toMatchObject({ window: 10_000, threshold: 8_000 });
  });
});
