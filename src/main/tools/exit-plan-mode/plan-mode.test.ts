// Issue 19: EnterPlanMode switches the session to plan mode without asking; ExitPlanMode asks with the
// plan, only in plan mode, and when a rule (not a person) approves it the session goes back to default.
import { describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../permissions/types';
import { createEnterPlanModeTool } from '../enter-plan-mode/enter-plan-mode.tool';
import type { SessionModePort } from '../core/tool';
import { createRunToolUse } from '../pipeline/run-tool-use';
import { harness, scriptedPrompter, toolUse } from '../pipeline/test-helpers';
import { createExitPlanModeTool } from './exit-plan-mode.tool';

const noProgress = () => {};
const live = () => new AbortController().signal;

function setup(start: PermissionMode, answers = scriptedPrompter([])) {
  let mode = start;
  const port: SessionModePort = { get: () => mode, set: (m) => void (mode = m) };
  const h = harness({ tools: [createEnterPlanModeTool(), createExitPlanModeTool()], prompter: answers, ctx: { permissionMode: port } });
  h.setMode(start);
  const origSet = port.set;
  port.set = (m) => {
    origSet(m);
    h.setMode(m);
  };
  return { h, run: createRunToolUse(h.deps), mode: () => mode, answers };
}

describe('plan mode tools (issue 19)', () => {
  it('issue 19 EnterPlanMode puts the session in plan mode without asking', async () => {
    const s = setup('default');
    const out = await s.run(toolUse('t1', 'EnterPlanMode', {}), live(), noProgress);
    expect(out.state).toBe('succeeded');
    expect(out.content).toContain('Entered plan mode.');
    expect(s.mode()).toBe('plan');
    expect(s.answers.requests).toHaveLength(0);
  });

  it('issue 19 ExitPlanMode asks with the plan; approved by the person, the call says so', async () => {
    const s = setup('plan', scriptedPrompter([{ decision: 'allow_once' }]));
    const out = await s.run(toolUse('t1', 'ExitPlanMode', { plan: '# Plan\n\n1. Do it' }), live(), noProgress);
    expect(s.answers.requests[0]).toMatchObject({ toolName: 'ExitPlanMode', input: { plan: '# Plan\n\n1. Do it' } });
    expect(out.content).toBe('User has approved your plan. You can now start coding. Start with updating your todo list if applicable');
    // No mode chosen in the reply (a rule, a headless flag): the session goes back to default.
    expect(s.mode()).toBe('default');
  });

  it('issue 19 "Keep planning" is a denial with the person\'s feedback; the mode stays plan', async () => {
    const s = setup('plan', scriptedPrompter([{ decision: 'deny', feedback: 'Add tests first.' }]));
    const out = await s.run(toolUse('t1', 'ExitPlanMode', { plan: 'x' }), live(), noProgress);
    expect(out.state).toBe('rejected');
    expect(out.content).toContain('Add tests first.');
    expect(s.mode()).toBe('plan');
  });

  it('issue 19 ExitPlanMode outside plan mode is refused before anyone is asked', async () => {
    const s = setup('default');
    const out = await s.run(toolUse('t1', 'ExitPlanMode', { plan: 'x' }), live(), noProgress);
    expect(out.content).toContain('You are not in plan mode');
    expect(s.answers.requests).toHaveLength(0);
  });
});
