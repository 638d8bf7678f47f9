// The tool view registry: a tool's own view where there is one, the generic view for any other name.
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { bashView } from './Bash/BashView';
import { genericView } from './generic/GenericView';
import { viewFor } from './registry';

const call = (name: string, input: unknown, over: Partial<ToolCallView> = {}): ToolCallView => ({
  id: 'c',
  name,
  userFacingName: name,
  messageId: 'm',
  input,
  state: 'running',
  ...over,
});

describe('tool view registry (issue 3: a view is a folder plus one registry line)', () => {
  it('unknown and MCP tools get the generic view', () => {
    expect(viewFor('NoSuchTool')).toBe(genericView);
    expect(viewFor('mcp__github__create_issue')).toBe(genericView);
    expect(viewFor('constructor')).toBe(genericView); // no prototype lookups
    expect(viewFor('mcp__github__create_issue').title(call('mcp__github__create_issue', {}))).toBe('create_issue (github)');
    expect(viewFor('NoSuchTool').subject(call('NoSuchTool', { path: 'a.ts' }))).toBe('a.ts');
    expect(viewFor('NoSuchTool').subject(call('NoSuchTool', { path: 'a.ts' }, { summary: 'Reading a.ts' }))).toBe('Reading a.ts');
  });

  it("Bash uses its own parts and the generic view's for the rest", () => {
    const v = viewFor('Bash');
    expect(v.Use).toBe(bashView.Use);
    expect(v.Result).toBe(bashView.Result);
    expect(v.Grouped).toBe(bashView.Grouped);
    expect(v.title(call('Bash', { command: 'npm ci', description: 'Install the packages' }))).toBe('Install the packages');
    expect(v.title(call('Bash', { command: 'npm ci' }))).toBe('Run a command');
    // BA12: a line that only looks says so, whatever its description.
    expect(v.title(call('Bash', { command: 'ls', description: 'List files' }))).toBe('Listed: ls');
    expect(v.subject(call('Bash', { command: 'npm test\nnpm run build' }))).toBe('npm test …');
    expect(viewFor('Bash')).toBe(v); // built once
  });

  it('the generic view never shows a denial as output, and shows a failure once', () => {
    const denied = call('X', {}, { state: 'rejected', result: { text: 'denied', isError: true }, error: { message: 'denied' } });
    expect(genericView.hasOutput({ call: denied, progress: undefined })).toBe(false);
    const failed = call('X', {}, { state: 'failed', result: { text: 'boom', isError: true }, error: { message: 'boom' } });
    expect(genericView.hasOutput({ call: failed, progress: undefined })).toBe(false);
    expect(genericView.problem(failed)).toBe('boom');
    const done = call('X', {}, { state: 'succeeded', result: { text: '42', isError: false } });
    expect(genericView.hasOutput({ call: done, progress: undefined })).toBe(true);
  });
});
