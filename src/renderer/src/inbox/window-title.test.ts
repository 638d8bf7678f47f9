// The window title counts the approvals waiting (issue 5 item 6).
import { describe, expect, it } from 'vitest';
import { windowTitle } from './window-title';

describe('window title', () => {
  it.each([
    ['shop', 0, 'shop — Agent Desk'],
    ['shop', 3, '(3) shop — Agent Desk'],
    [null, 0, 'Agent Desk'],
    [null, 1, '(1) Agent Desk'],
  ] as const)('%s with %s waiting → %s', (name, waiting, title) => expect(windowTitle(name, waiting)).toBe(title));
});
