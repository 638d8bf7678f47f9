// --allowedTools / --disallowedTools values: comma or blank separated, repeatable, parentheses kept.
import { describe, expect, it } from 'vitest';
import { parseToolFlag, splitToolList } from './tool-flags';

describe('tool-list flags', () => {
  it('splits on commas and blanks outside parentheses', () => {
    expect(splitToolList('Read,Grep,Glob,Bash')).toEqual(['Read', 'Grep', 'Glob', 'Bash']);
    expect(splitToolList('Bash(npm test) Read, Bash(git commit:*)')).toEqual(['Bash(npm test)', 'Read', 'Bash(git commit:*)']);
    expect(splitToolList('Bash(echo a,b)  ,, ')).toEqual(['Bash(echo a,b)']);
    expect(splitToolList('Bash(echo \\( x)')).toEqual(['Bash(echo \\( x)']);
  });

  it('joins repeated flags, drops duplicates, accepts unknown tools, rejects malformed rules', () => {
    expect(parseToolFlag('--allowedTools', ['Read,Bash', 'Bash', 'NoSuchTool'])).toEqual(['Read', 'Bash', 'NoSuchTool']);
    expect(parseToolFlag('--allowedTools', undefined)).toEqual([]);
    expect(parseToolFlag('--disallowedTools', ['Bash(rm'])).toEqual({ error: expect.stringMatching(/^--disallowedTools: 'Bash\(rm' is not a valid tool rule/) });
  });
});
