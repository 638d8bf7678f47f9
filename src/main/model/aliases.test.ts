// Claude Code's model aliases: what each stands for here, the environment's choice first.
import { describe, expect, it } from 'vitest';
import { modelAlias, resolveModelAlias } from './aliases';

describe('model aliases', () => {
  it('sonnet, opus and haiku (any case) stand for a current model, or the environment’s choice; an id stays', () => {
    expect(resolveModelAlias('Opus', {})).toBe('claude-opus-4-5');
    expect(resolveModelAlias('haiku', { ANTHROPIC_DEFAULT_HAIKU_MODEL: 'my-haiku' })).toBe('my-haiku');
    expect(resolveModelAlias(' claude-sonnet-5 ', {})).toBe('claude-sonnet-5');
    expect(modelAlias('toString')).toBeNull();
  });
});
