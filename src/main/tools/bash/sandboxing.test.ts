// BA6: which calls go in the box and what that changes about asking — Claude Code's
// autoAllowBashIfSandboxed, excludedCommands, allowUnsandboxedCommands, failIfUnavailable.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser } from '../../shell/parser';
import { emptySandboxSettings, type SandboxSettings } from '../../settings/sandbox-settings';
import { sandboxPolicy } from '../../sandbox/policy';
import { boxPlan, OUTSIDE_REFUSED, sandboxOpinion } from './sandboxing';
import { bashPermission } from './permission';

const policy = (s: Partial<SandboxSettings> = {}) =>
  sandboxPolicy({ sandbox: { ...emptySandboxSettings(), enabled: true, ...s }, rules: { allow: [], deny: [], ask: [] }, workingDirectories: ['/p'], projectDir: '/p' });
const ok = { available: true };
const opinion = (command: string, p = policy(), status: { available: boolean; reason?: string } = ok, dangerouslyDisableSandbox = false) => {
  const input = { command, dangerouslyDisableSandbox };
  return sandboxOpinion(boxPlan(input, p, status), input, bashPermission(command, { cwd: '/p', workingDirectories: ['/p'] }), false);
};

describe('BA6 sandbox plans and approvals', () => {
  // As checkPermissions does before judging a line the legacy splitter cannot read.
  beforeAll(() => loadBashParser());

  it('with the sandbox off nothing changes', () => {
    const off = sandboxPolicy({ rules: { allow: [], deny: [], ask: [] }, workingDirectories: ['/p'], projectDir: '/p' });
    expect(boxPlan({ command: 'npm test' }, off, ok).kind).toBe('off');
  });

  it('a boxed command needs no approval by default, and asks when autoAllowBashIfSandboxed is false', () => {
    expect(opinion('npm test').behavior).toBe('allow');
    expect(opinion('npm test', policy({ autoAllowBashIfSandboxed: false })).behavior).toBe('passthrough');
  });

  it('an excluded command runs outside the box, through the normal approvals', () => {
    const p = policy({ excludedCommands: ['docker', 'git push:*'] });
    expect(boxPlan({ command: 'docker ps' }, p, ok).kind).toBe('excluded');
    expect(boxPlan({ command: 'npm test && git push origin main' }, p, ok).kind).toBe('excluded');
    expect(boxPlan({ command: 'git status' }, p, ok).kind).toBe('boxed');
    expect(opinion('docker ps', p).behavior).toBe('passthrough');
  });

  it('dangerouslyDisableSandbox always asks where policy allows it, and is refused where it does not', () => {
    const asked = opinion('npm test', policy(), ok, true);
    expect(asked.behavior).toBe('ask');
    expect(asked.behavior === 'ask' && asked.reason?.type === 'safetyCheck' && asked.reason.strict).toBe(true);
    const refused = opinion('npm test', policy({ allowUnsandboxedCommands: false }), ok, true);
    expect(refused).toMatchObject({ behavior: 'deny', message: OUTSIDE_REFUSED });
    expect(boxPlan({ command: 'npm test', dangerouslyDisableSandbox: true }, policy({ allowUnsandboxedCommands: false }), ok).kind).toBe('boxed');
  });

  it('when the box cannot start, commands ask instead of running unconfined, or are refused with failIfUnavailable', () => {
    const down = { available: false, reason: 'bubblewrap is missing.' };
    const asked = opinion('npm test', policy(), down);
    expect(asked.behavior).toBe('ask');
    expect(asked.behavior === 'ask' && asked.message).toContain('bubblewrap is missing.');
    expect(opinion('npm test', policy({ failIfUnavailable: true }), down).behavior).toBe('deny');
  });

  it('a BA1 finding and a removal that always asks still ask inside the box', () => {
    expect(opinion('echo hi\u202e').behavior).toBe('ask');
    expect(opinion('rm -rf ~').behavior).toBe('ask');
  });
});
