// Render checks of the tool-call card and the approval panel as static markup (no DOM needed):
// accessible names (what is visible, PX2), state hooks and words, output, and the dialog's parts.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { BashOutput } from '../../../shared/tools/bash';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { RequestPanel } from '../permissions/RequestPanel';
import { createStores } from '../stores/create-stores';
import { appendProgress } from '../stores/progress-log';
import { StoresProvider } from '../stores/react';
import { createFakeBridge } from '../testing/fake-bridge';
import { ToolCallCardView } from './ToolCallCard';

const bash = (state: ToolCallView['state'], over: Partial<ToolCallView> = {}): ToolCallView => ({
  id: 'c1',
  name: 'Bash',
  userFacingName: 'Bash',
  messageId: 'm1',
  input: { command: 'npm test', description: 'Run the tests' },
  state,
  ...over,
});
const data: BashOutput = { stdout: 'ok\n', stderr: '', exitCode: 0, interrupted: false, timedOut: false, timeoutMs: 120_000, cwd: '/p' };
/** Visible text, tags stripped, entities decoded. */
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('ToolCallCardView (UI3, UI5: a card a non-terminal person understands)', () => {
  it('running: named by its title and command, busy, state hook and words, live output with stderr as plain output', () => {
    const progress = appendProgress(undefined, [
      { type: 'output', stream: 'stdout', text: 'line1\n' },
      { type: 'output', stream: 'stderr', text: 'oops\n' },
    ]);
    // A running command's card offers "Keep running in background" (BA10), which needs the stores.
    const html = renderToStaticMarkup(
      <StoresProvider stores={createStores(createFakeBridge())}>
        <ToolCallCardView call={bash('running')} progress={progress} />
      </StoresProvider>,
    );
    expect(html).toContain('aria-label="Run the tests: npm test"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('data-testid="tool-call-state"');
    expect(html).toMatch(/data-state="running"[^>]*>Running…</);
    expect(text(html)).toContain('Run the tests');
    // stderr is just output until the command failed.
    expect(html).toContain('<span data-stream="stderr">oops\n</span>');
    expect(html).not.toContain('output-box__stderr');
    expect(html).toContain('aria-expanded="true"');
    expect(text(html)).toContain('Hide output');
  });

  const words: [ToolCallView['state'], string][] = [
    ['awaiting_permission', 'Waiting for your approval'],
    ['validating', 'Getting ready…'],
    ['succeeded', 'Finished'],
    ['failed', 'Failed'],
    ['rejected', 'Not allowed'],
    ['cancelled', 'Stopped'],
  ];
  for (const [state, label] of words) {
    it(`${state} reads "${label}"`, () => {
      const html = renderToStaticMarkup(<ToolCallCardView call={bash(state)} progress={undefined} />);
      expect(html).toMatch(new RegExp(`data-testid="tool-call-state">${label}<`));
      expect(html).toContain(`aria-busy="${state === 'validating'}"`);
    });
  }

  it('other tools read "Done"', () => {
    const html = renderToStaticMarkup(<ToolCallCardView call={{ ...bash('succeeded'), name: 'Foo', userFacingName: 'Foo', input: { x: 'y' } }} progress={undefined} />);
    expect(html).toMatch(/data-testid="tool-call-state">Done</);
  });

  it('done: "Finished", output, the exit code one click away; a long result from the transcript starts folded', () => {
    const html = renderToStaticMarkup(<ToolCallCardView call={bash('succeeded', { result: { text: 'ok', isError: false, data } })} progress={undefined} />);
    expect(text(html)).toContain('Finished');
    expect(text(html)).not.toContain('Exit code');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*Show technical details<\/button>/);
    expect(text(html)).toContain('ok');
    const long = Array.from({ length: 40 }, (_, i) => `row ${i}`).join('\n');
    const folded = renderToStaticMarkup(<ToolCallCardView call={bash('succeeded', { result: { text: long, isError: false } })} progress={undefined} />);
    expect(folded).toContain('aria-expanded="false"');
    expect(text(folded)).toContain('Show output');
    expect(folded).not.toContain('row 39');
  });

  it('a denied call says so in plain words; an unknown tool gets the generic view', () => {
    const denied = bash('rejected', {
      result: { text: 'The user denied this Bash call, so it did not run. The user said:\nnot now', isError: true },
      error: { message: 'The user denied this Bash call, so it did not run. The user said:\nnot now', code: 'permission_denied' },
    });
    expect(text(renderToStaticMarkup(<ToolCallCardView call={denied} progress={undefined} />))).toContain('You did not allow this. You told the assistant: “not now”');
    const mcp: ToolCallView = { id: 'x', name: 'mcp__db__query', userFacingName: 'mcp__db__query', messageId: 'm', input: { sql: 'select 1' }, state: 'failed', error: { message: 'connection refused', code: 'mcp_error' } };
    const html = renderToStaticMarkup(<ToolCallCardView call={mcp} progress={undefined} />);
    expect(html).toContain('aria-label="query (db): select 1"');
    expect(text(html)).toContain('connection refused');
    expect(html).toContain('<dt>SQL</dt>');
  });

  it('failed: "Failed (error 1)", the first error line above the output, marked there; stderr painted as an error', () => {
    const failed: BashOutput = { ...data, stdout: '> shop@1.0.0 test\n', stderr: 'npm ERR! code ELIFECYCLE\nnpm ERR! Missing script: "tset"\n', exitCode: 1 };
    const html = renderToStaticMarkup(<ToolCallCardView call={bash('failed', { result: { text: 'x', isError: true, data: failed } })} progress={undefined} />);
    const t = text(html);
    expect(html).toMatch(/data-testid="tool-call-state">Failed \(error 1\)</);
    expect(t.indexOf('First error: npm ERR! Missing script: "tset"')).toBeGreaterThan(-1);
    expect(t.indexOf('First error:')).toBeLessThan(t.indexOf('Hide output'));
    expect(html).toContain('<mark class="output-box__mark">npm ERR! Missing script: &quot;tset&quot;</mark>');
    expect(html).toContain('class="output-box__stderr"');
    expect(t).not.toContain('Exit code');
  });
});

describe('approval panel (PL4e, DK4)', () => {
  const req: PermissionRequestView = {
    requestId: 'r1',
    sessionId: 's1',
    toolUseId: 't1',
    toolName: 'Bash',
    input: { command: 'rm -rf build && npm run build', description: 'Clean and rebuild' },
    message: 'Bash commands need approval unless a rule allows them.',
    suggestions: ['Bash(rm -rf build && npm run build)'],
    destructive: true,
  };
  it('summary first, the assistant\'s words, the command in full, why, a destructive warning, the answers and "2 of 3"', () => {
    const position = { index: 1, count: 3, onPrevious: () => {}, onNext: () => {} };
    const html = renderToStaticMarkup(
      <RequestPanel request={req} position={position} reason="The build folder is stale." busy={false} fromOther={null} onDenyAndStop={() => {}} onAnswer={() => {}} />,
    );
    const t = text(html);
    expect(t.indexOf('Allow Agent Desk to run a command?')).toBeLessThan(t.indexOf('Run a command in your project'));
    expect(t).toContain('rm -rf build && npm run build');
    expect(t).toContain('Clean and rebuild');
    expect(t).toContain('Bash commands need approval unless a rule allows them.');
    expect(t).toContain('This may delete or overwrite things.');
    expect(t).toContain('2 of 3');
    expect(html).toContain('aria-label="Previous request"');
    expect(html).toContain('aria-label="Next request"');
    expect(t).toContain('What the assistant said The build folder is stale.');
    for (const b of ['Allow once', 'Always allow…', 'Deny']) expect(html).toMatch(new RegExp(`<button[^>]*>${b} <kbd`));
    expect(html).toMatch(/<button[^>]*>Deny and stop<\/button>/);
  });
  it('no warning when not destructive; the conversation is named when the request is from another one', () => {
    const html = renderToStaticMarkup(<RequestPanel request={{ ...req, destructive: false }} busy={false} fromOther="Fix the tests" onAnswer={() => {}} />);
    expect(text(html)).not.toContain('This may delete');
    expect(text(html)).not.toContain('1 of');
    expect(text(html)).toContain('From the conversation “Fix the tests”');
  });
});
