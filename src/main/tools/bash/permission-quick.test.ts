// Everyday commands are decided without the grammar (legacy splitter first, its subset property), and
// a command it cannot read waits for the grammar instead of being guessed (BA2).
import { describe, expect, it } from 'vitest';
import { loadBashParser, loadedBashParser } from '../../shell/index';
import { bashFacts, bashPermission, needsBashParser } from './permission';

const ctx = { cwd: '/work/proj', workingDirectories: ['/work/proj'], home: '/home/ada' };

describe('Bash decisions before the grammar is loaded', () => {
  it('plain commands decide at once, the same as with the grammar; the rest asks until it is loaded', async () => {
    expect(loadedBashParser()).toBeNull();
    const plain = ['git status', 'ls -la src | wc -l', 'rm -rf build', 'cat ~/.ssh/id_rsa', 'rm -rf /'];
    const before = plain.map((c) => bashPermission(c, ctx));
    for (const c of plain) expect(needsBashParser(c)).toBe(false);
    expect(loadedBashParser()).toBeNull(); // nothing above loaded it

    expect(needsBashParser('echo "$(id)"')).toBe(true);
    expect(bashPermission('for f in *; do echo "$f"; done', ctx)).toMatchObject({ behavior: 'ask', reason: { type: 'safetyCheck' } });
    expect(bashFacts('[ -f x ] && echo ok').readOnly).toBe(false);

    await loadBashParser();
    expect(plain.map((c) => bashPermission(c, ctx))).toEqual(before);
  });
});
