// Which allow rules let the assistant do risky things without asking, in plain words (issue 12 item 8).
// One table of risky commands, shared by "Always allow" (never recommend a prefix over them) and the
// rule workbench (a warning before saving and on the rule's row), plus the broad whole-tool rules:
// every command, any file, any website, a whole MCP server. Pure: no disk, no tool pool.
import { kindOfToolName } from './request-traits';
import { mcpInfoFromName, parseRule } from './rule';

export interface CommandRisk {
  /**
   * Where such commands start, word by word (`git push` covers `git push origin main`, never
   * `git pushx`); a trailing `*` continues the last word (`mkfs*` also covers `mkfs.ext4`).
   */
  commands: readonly string[];
  /** Follows "This lets the assistant …": what a rule over all of them allows. */
  lets: string;
  /** Follows "can …" and "including ones that …": what such commands do. */
  does: string;
}

export const COMMAND_RISKS: readonly CommandRisk[] = [
  { commands: ['rm', 'rmdir', 'unlink', 'shred', 'git clean', 'git rm'], lets: 'delete any file', does: 'delete or overwrite files' },
  { commands: ['mv', 'dd', 'truncate', 'mkfs*'], lets: 'overwrite or wipe any file', does: 'delete or overwrite files' },
  { commands: ['chmod', 'chown', 'chgrp'], lets: 'change who may open or change any of your files', does: 'change who may use your files' },
  { commands: ['kill', 'killall', 'pkill', 'shutdown', 'reboot', 'halt', 'systemctl'], lets: 'stop any program or shut down the computer', does: 'stop programs or the computer' },
  { commands: ['curl', 'wget', 'scp', 'rsync', 'ssh', 'sftp', 'ftp', 'nc'], lets: 'send your files anywhere on the internet and download anything', does: 'send or fetch data over the network' },
  { commands: ['git push'], lets: 'publish your work to others (git push)', does: 'publish your work to others' },
  { commands: ['git reset', 'git rebase', 'git checkout', 'git restore', 'git branch'], lets: 'throw away changes you have made', does: 'throw away your work' },
  {
    commands: ['npm publish', 'yarn publish', 'pnpm publish', 'bun publish', 'cargo publish', 'gem push', 'twine upload', 'poetry publish'],
    lets: 'publish a package for everyone to download',
    does: 'publish a package for everyone',
  },
  { commands: ['docker', 'podman', 'kubectl', 'terraform', 'helm'], lets: 'change or delete running systems and servers', does: 'change or delete running systems' },
  { commands: ['sudo', 'doas', 'su', 'pkexec'], lets: 'run any command as the computer’s administrator', does: 'run commands with power over the whole computer' },
  // A shell or a wrapper runs whatever follows it, so a rule over one covers every other command.
  { commands: ['bash', 'sh', 'zsh', 'fish', 'dash', 'eval', 'exec', 'env', 'xargs'], lets: 'run any command at all', does: 'run any other command' },
];

/** `command` begins with the command start `start` (word boundary; `start*` continues the word). */
function beginsWith(command: string, start: string): boolean {
  if (start.endsWith('*')) return command.startsWith(start.slice(0, -1));
  return command === start || command.startsWith(`${start} `);
}

const collapse = (s: string): string => s.trim().replace(/[ \t]+/g, ' ');

/** The risk of commands starting with `prefix` (or of the one command `prefix`), or null. */
export function commandRisk(prefix: string): CommandRisk | null {
  const p = collapse(prefix);
  return COMMAND_RISKS.find((r) => r.commands.some((c) => beginsWith(p, c))) ?? null;
}

/** "a, b or c". */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

const ANY_COMMAND = 'This lets the assistant run any command at all without asking, including ones that delete files, publish your work or send your data over the internet.';

/** Risks of the commands a rule reaches beyond what it names: `git:*` reaches `git push`. */
function reachedBy(reaches: (start: string) => boolean): CommandRisk[] {
  return COMMAND_RISKS.filter((r) => r.commands.some((c) => reaches(c.replace(/\*$/, ''))));
}

function bashRisk(content: string): string | null {
  const c = collapse(content);
  const star = c.search(/(?<!\\)\*/);
  // The three forms of bash-match.ts: `prefix:*`, a `*` wildcard anywhere, or one exact command.
  if (c.endsWith(':*') && star === c.length - 1) {
    const prefix = c.slice(0, -2).trimEnd();
    const own = commandRisk(prefix);
    if (own) return `This lets the assistant ${own.lets} without asking.`;
    const wider = reachedBy((start) => start.startsWith(`${prefix} `));
    if (wider.length === 0) return null;
    return `This lets the assistant run any command that starts with “${prefix}” without asking, including ones that ${orList([...new Set(wider.map((r) => r.does))])}.`;
  }
  if (star !== -1) {
    const head = c.slice(0, star);
    if (head.trim() === '') return ANY_COMMAND;
    // `rm *` and `rm*` name rm itself; `r*` or `git *` reach the risky commands that begin with that text.
    const own = commandRisk(head.trim());
    if (own) return `This lets the assistant ${own.lets} without asking.`;
    const wider = reachedBy((start) => start.startsWith(head));
    if (wider.length === 0) return null;
    return `This lets the assistant run every command that fits “${c}” without asking, including ones that ${orList([...new Set(wider.map((r) => r.does))])}.`;
  }
  const own = commandRisk(c);
  return own ? `This lets the assistant run “${c}” without asking, a command that can ${own.does}.` : null;
}

/** Path patterns that reach every file of whatever folder the assistant works in. */
const EVERYWHERE = new Set(['*', '**', '**/*', './**', './**/*']);

/** Where a Read or Edit path pattern reaches, when that is beyond this project. */
function pathReach(pattern: string): 'computer' | 'home' | 'anywhere' | 'outside' | null {
  const p = pattern.trim();
  if (p.startsWith('//')) return EVERYWHERE.has(p.slice(2)) || p === '//' ? 'computer' : 'outside';
  if (p === '~' || p.startsWith('~/')) return EVERYWHERE.has(p.slice(2)) || p === '~' || p === '~/' ? 'home' : 'outside';
  if (EVERYWHERE.has(p)) return 'anywhere';
  if (p.split('/').includes('..')) return 'outside';
  return null;
}

function fileRisk(verb: 'read' | 'change', pattern: string | undefined): string | null {
  const secrets = verb === 'read' ? ', passwords and keys included,' : '';
  const what = verb === 'read' ? 'read' : 'change or create';
  if (pattern === undefined) return `This lets the assistant ${what} any file on your computer${secrets} without asking.`;
  switch (pathReach(pattern)) {
    case 'computer':
      return `This lets the assistant ${what} any file on your computer${secrets} without asking.`;
    case 'home':
      return `This lets the assistant ${what} any file in your home folder${secrets} without asking.`;
    case 'anywhere':
      return `This lets the assistant ${what} any file in whatever folder it works in, not only this project${secrets} without asking.`;
    case 'outside':
      return `This lets the assistant ${what} files outside this project (“${pattern.trim()}”) without asking.`;
    default:
      return null;
  }
}

/**
 * Why an **allow** rule is risky, as one sentence for a person ("This lets the assistant delete any
 * file without asking."), or null when it is not (or does not parse). Deny and Ask rules only ever
 * take permission away, so they are never risky.
 */
export function allowRuleRisk(rule: string): string | null {
  const parsed = parseRule(rule);
  if (!parsed.ok) return null;
  const { toolName, ruleContent } = parsed.value;
  const mcp = mcpInfoFromName(toolName);
  if (mcp) {
    if (mcp.toolName !== undefined && mcp.toolName !== '*') return null;
    return `This lets the assistant use every tool of the “${mcp.serverName}” server without asking, including ones that change or delete things.`;
  }
  // `Bash(command:…)`-style parameter rules allow nothing (Claude Code skips them in allow lists).
  const kind = kindOfToolName(toolName);
  if (kind === 'exec') return ruleContent === undefined ? ANY_COMMAND : bashRisk(ruleContent);
  if (kind === 'fetch') {
    if (toolName !== 'WebFetch') return null;
    if (ruleContent === undefined || ruleContent.trim() === 'domain:*') {
      return 'This lets the assistant open any website without asking, and a web address can carry your data away.';
    }
    return null;
  }
  // Only Read(path) and Edit(path) are consulted for files; Write(path)-style allow rules allow nothing.
  if (kind === 'read' && (ruleContent === undefined || toolName === 'Read')) return fileRisk('read', ruleContent);
  if (kind === 'edit' && (ruleContent === undefined || toolName === 'Edit')) return fileRisk('change', ruleContent);
  return null;
}
