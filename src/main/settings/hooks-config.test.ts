// Hook settings in Claude Code's format: valid blocks load as-is, invalid entries become warnings
// naming their source while the rest is kept, several sources merge in order.
import { describe, expect, it } from 'vitest';
import { HooksBlockSchema, mergeHookSources, parseHooksBlock } from './hooks-config';

const claudeCodeExample = {
  PreToolUse: [{ matcher: 'Bash|Write', hooks: [{ type: 'command', command: './check.sh', timeout: 30 }] }],
  PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'npm run lint' }] }],
  PostToolUseFailure: [{ hooks: [{ type: 'command', command: 'log-failure' }] }],
  UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'ctx.sh' }] }],
  Stop: [{ hooks: [{ type: 'command', command: 'stop.sh' }] }],
  SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'hello.sh' }] }],
};

describe('hooks config', () => {
  it("accepts Claude Code's settings block unchanged (strict schema and lenient loader agree)", () => {
    expect(HooksBlockSchema.safeParse(claudeCodeExample).success).toBe(true);
    const { config, warnings } = parseHooksBlock('projectSettings', claudeCodeExample);
    expect(warnings).toEqual([]);
    expect(config.PreToolUse).toEqual([
      { matcher: 'Bash|Write', hooks: [{ type: 'command', command: './check.sh', timeout: 30 }], source: 'projectSettings' },
    ]);
    expect(config.PostToolUseFailure[0]).toEqual({ hooks: [{ type: 'command', command: 'log-failure' }], source: 'projectSettings' });
    expect(config.SessionStart[0]!.matcher).toBe('startup');
  });

  it('invalid entries become warnings naming the source and place; valid siblings are kept', () => {
    const { config, warnings } = parseHooksBlock('userSettings', {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: 'ok.sh' },
            { type: 'command', command: '' },
            { type: 'command', command: 'x', timeout: -1 },
            { type: 'prompt', prompt: 'judge this' },
            'not an object',
          ],
        },
        { matcher: 42, hooks: [] },
        { hooks: 'nope' },
      ],
      Notification: [],
      Bogus: [],
      Stop: 'nope',
    });
    expect(config.PreToolUse).toEqual([{ matcher: 'Bash', hooks: [{ type: 'command', command: 'ok.sh' }], source: 'userSettings' }]);
    expect(config.Stop).toEqual([]);
    expect(warnings).toHaveLength(9);
    for (const w of warnings) expect(w.startsWith('userSettings: hooks.')).toBe(true);
    expect(warnings.join('\n')).toContain('PreToolUse[0].hooks[1]: command: command must not be empty');
    expect(warnings.join('\n')).toContain('PreToolUse[0].hooks[3]: hook type "prompt" is not supported yet');
    expect(warnings.join('\n')).toContain('Notification: the Notification event is not supported yet');
    expect(warnings.join('\n')).toContain('Bogus: unknown hook event');
  });

  it('a non-object block is one warning; missing blocks are nothing', () => {
    expect(parseHooksBlock('localSettings', [1, 2]).warnings).toEqual(['localSettings: "hooks" must be an object of event names; ignored']);
    expect(parseHooksBlock('localSettings', undefined)).toEqual(parseHooksBlock('x', null));
  });

  it('merges sources in order; every source keeps its name', () => {
    const { config, warnings } = mergeHookSources([
      { source: 'userSettings', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'a' }] }] } },
      { source: 'projectSettings', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'b' }] }], PreToolUse: 'bad' } },
      { source: 'localSettings', hooks: undefined },
    ]);
    expect(config.Stop.map((g) => [g.source, g.hooks[0]!.command])).toEqual([
      ['userSettings', 'a'],
      ['projectSettings', 'b'],
    ]);
    expect(warnings).toEqual(['projectSettings: hooks.PreToolUse: must be an array of { matcher, hooks }; ignored']);
  });
});
