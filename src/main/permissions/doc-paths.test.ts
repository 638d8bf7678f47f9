// PL4c gitignore-style path rules, row by row against Claude Code's docs (permissions, "Read and Edit"):
// the four anchors, where `/path` starts for each settings source, how deep a pattern reaches in allow
// rules and in deny/ask rules (`secrets/**`), and symlinks. Project and current directory: /work/proj.
import { describe, expect, it } from 'vitest';
import { behaviours, cite, HOME, PROJECT, type Cite, type MatchRow } from './test-doc-rows';

const S = 'Read and Edit';
const c = (says: string, ours?: string): Cite => ({ page: 'permissions', section: S, says, ...(ours ? { ours } : {}) });
const read = (p: string) => ({ file_path: p });
const P = (rel: string) => `${PROJECT}/${rel}`;

// /work/proj/project/key → ~/.ssh/id_rsa (the docs' own symlink example).
const linked = { realpath: (p: string) => (p === P('project/key') ? `${HOME}/.ssh/id_rsa` : p) };
const userFile = { source: 'userSettings' as const, file: `${HOME}/.claude/settings.json` };
const flagFile = { source: 'flagSettings' as const, file: '/etc/agent-desk/team.json' };
const localFile = { source: 'localSettings' as const, file: P('.claude/settings.local.json') };

const rows: MatchRow[] = [
  // ── the four pattern types ──
  { cite: c('//path: Absolute path from filesystem root — Read(//Users/alice/secrets/**)'), rule: 'Read(//Users/alice/secrets/**)', tool: 'Read', input: read('/Users/alice/secrets/k'), expect: [true, true, true] },
  { cite: c('~/path: Path from home directory — Read(~/Documents/*.pdf)'), rule: 'Read(~/Documents/*.pdf)', tool: 'Read', input: read(`${HOME}/Documents/cv.pdf`), expect: [true, true, true] },
  { cite: c('/path: Path relative to the settings source — Edit(/src/**/*.ts) is <project root>/src/**/*.ts in project settings'), rule: 'Edit(/src/**/*.ts)', tool: 'Edit', input: read(P('src/app/main.ts')), expect: [true, true, true] },
  { cite: c('A pattern like /Users/alice/file isn\'t an absolute path'), rule: 'Read(/Users/alice/file)', tool: 'Read', input: read('/Users/alice/file'), expect: [false, false, false] },
  { cite: c('path or ./path: Path relative to current directory — Read(*.env) is <cwd>/*.env'), rule: 'Read(*.env)', tool: 'Read', input: read(P('prod.env')), expect: [true, true, true] },
  { cite: c('A rule only matches files under its anchor'), rule: 'Read(*.env)', tool: 'Read', input: read('/other/prod.env'), expect: [false, false, false] },
  // ── the docs' examples ──
  { cite: c('Edit(/docs/**): edits in <project>/docs/'), rule: 'Edit(/docs/**)', tool: 'Edit', input: read(P('docs/a.md')), expect: [true, true, true] },
  { cite: c('Edit(/docs/**): … not /docs/'), rule: 'Edit(/docs/**)', tool: 'Edit', input: read('/docs/a.md'), expect: [false, false, false] },
  { cite: c('Edit(/docs/**): … not <project>/.claude/docs/'), rule: 'Edit(/docs/**)', tool: 'Edit', input: read(P('.claude/docs/a.md')), expect: [false, false, false] },
  { cite: c("Read(~/.zshrc): reads your home directory's .zshrc"), rule: 'Read(~/.zshrc)', tool: 'Read', input: read(`${HOME}/.zshrc`), expect: [true, true, true] },
  { cite: c('Edit(//tmp/scratch.txt): edits the absolute path /tmp/scratch.txt'), rule: 'Edit(//tmp/scratch.txt)', tool: 'Edit', input: read('/tmp/scratch.txt'), expect: [true, true, true] },
  { cite: c('Read(src/**): as an allow rule, reads from <current-directory>/src/ only'), rule: 'Read(src/**)', tool: 'Read', input: read(P('src/a.ts')), expect: [true, true, true] },
  { cite: c('Read(src/**): … as a deny or ask rule, matches a src directory at any depth under the current directory'), rule: 'Read(src/**)', tool: 'Read', input: read(P('vendor/pkg/src/lib.js')), expect: [false, true, true] },
  // ── depth ──
  { cite: c('Bare filenames follow gitignore semantics and match at any depth'), rule: 'Read(.env)', tool: 'Read', input: read(P('a/b/.env')), expect: [true, true, true] },
  { cite: c('Read(.env) and Read(**/.env) are equivalent'), rule: 'Read(**/.env)', tool: 'Read', input: read(P('a/b/.env')), expect: [true, true, true] },
  { cite: c('Read(.env) … Does not block: .env in a parent directory or another project'), rule: 'Read(.env)', tool: 'Read', input: read('/work/.env'), expect: [false, false, false] },
  { cite: c('Read(//**/.env): any .env anywhere on the filesystem'), rule: 'Read(//**/.env)', tool: 'Read', input: read('/etc/app/.env'), expect: [true, true, true] },
  { cite: c('Deny and ask rules: Read(secrets/**) matches a directory named secrets at any depth under the current directory'), rule: 'Read(secrets/**)', tool: 'Read', input: read(P('services/api/secrets/key.pem')), expect: [false, true, true] },
  { cite: c('Allow rules: Edit(src/**) matches only <cwd>/src and the files under it'), rule: 'Edit(src/**)', tool: 'Edit', input: read(P('src/app.ts')), expect: [true, true, true] },
  { cite: c('To allow a directory name at any depth, write Edit(**/src/**)'), rule: 'Edit(**/src/**)', tool: 'Edit', input: read(P('vendor/pkg/src/lib.js')), expect: [true, true, true] },
  { cite: c('Edit(/src/**) and Edit(src/components/**) match only at their anchored location'), rule: 'Edit(/src/**)', tool: 'Edit', input: read(P('vendor/pkg/src/lib.js')), expect: [false, false, false] },
  { cite: c('Edit(/src/**) and Edit(src/components/**) match only at their anchored location'), rule: 'Edit(src/components/**)', tool: 'Edit', input: read(P('vendor/src/components/a.tsx')), expect: [false, false, false] },
  { cite: c('Edit(src/components/**) match[es] only at [its] anchored location'), rule: 'Edit(src/components/**)', tool: 'Edit', input: read(P('src/components/a.tsx')), expect: [true, true, true] },
  { cite: c('In gitignore patterns, * matches within a single path segment … while ** matches across directories'), rule: 'Read(/src/*.ts)', tool: 'Read', input: read(P('src/deep/a.ts')), expect: [false, false, false] },
  { cite: c('A relative pattern with a single directory segment, such as src/**', 'secrets/* reaches as deep as secrets/** in deny and ask'), rule: 'Read(secrets/*)', tool: 'Read', input: read(P('a/secrets/k')), expect: [false, true, true] },
  { cite: c('path or ./path: Path relative to current directory', 'in deny and ask rules ./x is read as x (any depth); an allow ./x names the top-level path only'), rule: 'Read(./.env)', tool: 'Read', input: read(P('sub/.env')), expect: [false, true, true] },
  { cite: c('To block … add a Read deny rule for its path, such as Read(./.env) or Read(./secrets/**)', 'in deny and ask rules ./secrets/** also reaches nested secrets folders'), rule: 'Read(./secrets/**)', tool: 'Read', input: read(P('pkg/secrets/k')), expect: [false, true, true] },
  { cite: c('To block … add a Read deny rule for its path, such as Read(./secrets/**)'), rule: 'Read(./secrets/**)', tool: 'Read', input: read(P('secrets/k')), expect: [true, true, true] },
  // ── `/path` by settings source ──
  { cite: c('Local settings at .claude/settings.local.json: <original cwd>/path'), rule: 'Edit(/src/**)', tool: 'Edit', input: read(P('src/a.ts')), entry: localFile, expect: [true, true, true] },
  { cite: c('A deny rule such as Read(/secrets/**) in user settings blocks ~/.claude/secrets/**'), rule: 'Read(/secrets/**)', tool: 'Read', input: read(`${HOME}/.claude/secrets/k`), entry: userFile, expect: [false, true, true] },
  {
    cite: c('A deny rule such as Read(/secrets/**) in user settings blocks ~/.claude/secrets/**, not a secrets directory in your project', 'the earlier docs anchored /x at the project root for every source: deny and ask rules match at both; allow rules keep the project root'),
    rule: 'Read(/secrets/**)', tool: 'Read', input: read(P('secrets/k')), entry: userFile, expect: [true, true, true],
  },
  { cite: c('A file passed with --settings <file>: <directory of file>/path'), rule: 'Read(/secrets/**)', tool: 'Read', input: read('/etc/agent-desk/secrets/k'), entry: flagFile, expect: [false, true, true] },
  { cite: c('CLI flags, /permissions, or session rules: <original cwd>/path'), rule: 'Edit(/src/**)', tool: 'Edit', input: read(P('src/a.ts')), entry: { source: 'cliArg' }, expect: [true, true, true] },
  // ── symlinks ──
  { cite: c('Allow rules: apply only when both the symlink path and its target match'), rule: 'Read(./project/**)', tool: 'Read', input: read(P('project/key')), paths: linked, expect: [false, true, true] },
  { cite: c('Deny rules: apply when either the symlink path or its target matches. A symlink that points to a denied file is itself denied'), rule: 'Read(~/.ssh/**)', tool: 'Read', input: read(P('project/key')), paths: linked, expect: [false, true, true] },
  // ── case ──
  { cite: c('Read and Edit rules both use gitignore pattern syntax', 'docs silent on case: on case-insensitive file systems deny and ask ignore case, allow never does'), rule: 'Read(./.ENV)', tool: 'Read', input: read(P('.env')), paths: { caseInsensitive: true }, expect: [false, true, true] },
];

describe('PL4c Read and Edit path rules (allow / deny / ask)', () => {
  it.each(rows.map((r) => [cite('PL4c', r.cite), r] as const))('%s', (_name, row) => {
    expect(behaviours(row), `${row.rule} on ${JSON.stringify(row.input)} as [allow, deny, ask]`).toEqual(row.expect);
  });
});

describe('PL4c the docs\' tree: each pattern shape against src/app.ts and vendor/pkg/src/lib.js', () => {
  // permissions §Read and Edit, the table under "The following example shows each pattern shape".
  const table: Array<[rule: string, behavior: 'allow' | 'deny or ask', app: boolean, lib: boolean]> = [
    ['Edit(src/**)', 'allow', true, false],
    ['Edit(src/**)', 'deny or ask', true, true],
    ['Edit(/src/**)', 'allow', true, false],
    ['Edit(/src/**)', 'deny or ask', true, false],
    ['Edit(**/src/**)', 'allow', true, true],
    ['Edit(**/src/**)', 'deny or ask', true, true],
  ];
  it.each(table)(`PL4c ${'permissions'} §${S}: %s as %s rule — src/app.ts %s, vendor/pkg/src/lib.js %s`, (rule, behavior, app, lib) => {
    const at = (rel: string) => behaviours({ cite: c(''), rule, tool: 'Edit', input: read(P(rel)), expect: [false, false, false] });
    const pick = (b: [boolean, boolean, boolean]) => (behavior === 'allow' ? [b[0]] : [b[1], b[2]]);
    expect(pick(at('src/app.ts'))).toEqual(behavior === 'allow' ? [app] : [app, app]);
    expect(pick(at('vendor/pkg/src/lib.js'))).toEqual(behavior === 'allow' ? [lib] : [lib, lib]);
  });
});
