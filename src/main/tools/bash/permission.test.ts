// Bash's own permission opinion over the shell analysis (BA1 BA2 BA4 BA8 TC2): what asks before any
// rule, what runs with no rule, what is left to rules; and the parts rules see.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser } from '../../shell/index';
import { bashFacts, bashPermission, bashRuleParts } from './permission';

const ctx = { cwd: '/work/proj', workingDirectories: ['/work/proj'], home: '/home/ada' };
const decide = (command: string) => bashPermission(command, ctx);

beforeAll(async () => {
  expect(await loadBashParser()).not.toBeNull();
});

describe('Bash permission opinion', () => {
  it.each([
    ['git status'],
    ['ls -la src | wc -l'],
    ['grep -rn TODO src && git diff --stat'],
    ['cat README.md | head -20'],
    ['find . -name "*.ts" -type f'],
    ['LANG=C sort package.json'],
  ])('TC2: %s only reads inside the project: allowed with no rule', (command) => {
    expect(decide(command)).toMatchObject({ behavior: 'allow' });
    expect(bashFacts(command).readOnly).toBe(true);
  });

  it.each([
    ['echo $(id)', /BA1 #8|BA2/],
    ['ls `pwd`', /BA1 #8|BA2/],
    ['for f in *; do rm "$f"; done', /BA2 too-complex/],
    ['(cd /tmp && rm -rf x)', /BA2 too-complex/],
    ['PATH=/tmp/evil:$PATH ls', /BA1|BA2|BA4/],
    ['LD_PRELOAD=/tmp/x.so ls', /BA4/],
    ['rm -rf /', /BA8 dangerous removal/],
    ['rm -rf ~', /BA8 dangerous removal/],
    ['sudo rm -rf /usr', /BA8 dangerous removal/],
    ['timeout 5 rm -rf *', /BA8 dangerous removal/],
    ['cat ~/.ssh/id_rsa', /BA8 path outside/],
    ['cp secrets.txt /tmp/out', /BA8 path outside/],
    ['jq -f /etc/passwd x.json', /BA1 #3/],
    ["zmodload zsh/system", /BA1 #20/],
  ])('safety: %s asks before any rule (%s)', (command, check) => {
    const r = decide(command);
    expect(r).toMatchObject({ behavior: 'ask', reason: { type: 'safetyCheck' } });
    expect(r.behavior === 'ask' && r.reason?.type === 'safetyCheck' ? r.reason.check : '').toMatch(check);
  });

  it.each([['rm -rf build'], ['npm test'], ['find . -name x -delete'], ['git push'], ['ls > listing.txt'], ['sudo cat README.md']])(
    '%s is left to rules and mode',
    (command) => {
      expect(decide(command)).toMatchObject({ behavior: 'passthrough' });
      expect(bashFacts(command).readOnly).toBe(false);
    },
  );

  it('a compound line that asks suggests one rule per part (BA5); a single command leaves them to the engine', () => {
    expect(decide('git add src && git commit -m "fix it"')).toMatchObject({ behavior: 'passthrough', suggestions: ['Bash(git add:*)', 'Bash(git commit:*)'] });
    expect(decide('git commit -m "fix it"')).not.toHaveProperty('suggestions');
  });
});

describe('the parts rules see (BA3, BA4)', () => {
  const parts = (command: string) => bashRuleParts({ command })?.map((p) => p.command) ?? null;
  it('a compound line gives each subcommand', () => {
    expect(parts('git add . && git commit -m x; npm test | tee log')).toEqual(['git add .', 'git commit -m x', 'npm test', 'tee log']);
  });
  it('safe env prefixes and plain wrappers are seen through; sudo and xargs are not', () => {
    expect(parts('NODE_ENV=test timeout 30 npm test')).toEqual(['npm test']);
    expect(parts('sudo npm test')).toEqual(null);
    expect(parts('find . | xargs rm')).toEqual(['find .', 'xargs rm']);
  });
  it('a plain single command has no parts of its own', () => {
    expect(parts('npm test')).toBeNull();
  });
});

describe('harmless devices (BA8)', () => {
  it.each([["head -c 100 /dev/zero | tr '\\0' x"], ['head -c 16 /dev/urandom | od -An'], ['cat README.md > /dev/null']])('%s does not count as outside the project', (command) => {
    expect(decide(command)).not.toMatchObject({ reason: { type: 'safetyCheck' } });
  });
  it('a removal of a home or system folder is strict: nothing lets it through', () => {
    expect(decide('rm -rf ~')).toMatchObject({ behavior: 'ask', reason: { type: 'safetyCheck', strict: true } });
    expect(decide('cat ~/.ssh/id_rsa')).toMatchObject({ behavior: 'ask', reason: { type: 'safetyCheck' } });
    expect(decide('cat ~/.ssh/id_rsa')).not.toMatchObject({ reason: { strict: true } });
  });
});
