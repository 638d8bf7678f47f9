// BA9: warnings about writing to login keys, credentials and the files a terminal runs at start-up.
import path from 'node:path';
import { SEG } from './raw';
import type { Rule, Run } from './rule';
import { writes } from './writes';

const HOME_PREFIX = /^(?:~[^/]*|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root|\/var\/root)(?=\/|$)/;
const STARTUP_IN_HOME = /^(?:\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|zlogout|kshrc|mkshrc|cshrc|tcshrc|login)|\.config\/fish\/(?:config\.fish|conf\.d\/.+))$/;
const STARTUP_SYSTEM = /^\/etc\/(?:profile|bash\.bashrc|bashrc|zshrc|zprofile|zshenv|zlogin|environment|profile\.d\/.+|zsh\/.+)$/;
const KEYS_IN_HOME = /^\.ssh\/authorized_keys2?$/;
const SECRETS_IN_HOME = /^(?:\.ssh|\.aws|\.gnupg|\.azure|\.config\/gcloud)(?:\/.*)?$|^\.(?:npmrc|netrc|pypirc|git-credentials|docker\/config\.json|kube\/config|config\/gh\/hosts\.yml)$/;
const SECRETS_SYSTEM = /^\/etc\/(?:sudoers|sudoers\.d\/.+|passwd|shadow)$/;

type Sensitive = 'startup' | 'keys' | 'secrets';

function sensitive(target: string, home: string | undefined): Sensitive | null {
  const p = path.posix.normalize(target).replace(/(.)\/+$/, '$1');
  const h = home?.replace(/(.)\/+$/, '$1');
  let rel: string | null = null;
  if (h && (p === h || p.startsWith(`${h}/`))) rel = p.slice(h.length + 1);
  else {
    const m = HOME_PREFIX.exec(p);
    if (m) rel = p.slice(m[0].length + 1);
  }
  if (rel === null) return STARTUP_SYSTEM.test(p) ? 'startup' : SECRETS_SYSTEM.test(p) ? 'secrets' : null;
  if (STARTUP_IN_HOME.test(rel)) return 'startup';
  if (KEYS_IN_HOME.test(rel)) return 'keys';
  return SECRETS_IN_HOME.test(rel) ? 'secrets' : null;
}

const writesTo = (kind: Sensitive) => (r: Run) => writes(r).some((t) => sensitive(t, r.home) === kind);

const HOME_RAW = String.raw`(?:~[^/\s]*|\$HOME|\$\{HOME\}|/home/[^/\s]+|/Users/[^/\s]+|/root)`;
const WRITE_RAW = String.raw`(?:>\|?\s*|\b(?:tee|cp|mv|ln|install|rsync|rm|unlink|shred|truncate|curl|wget)\b${SEG}?\s|\bsed\b(?=${SEG}\s(?:-[a-zA-Z]*i|--in-place))${SEG}?\s|\bof=)`;
const END = String.raw`(?![\w.-])`;
const writeRaw = (paths: string): RegExp => new RegExp(`${WRITE_RAW}(?:${paths})`);

export const SECRETS_RULES: readonly Rule[] = [
  {
    id: 'ssh-authorized-keys',
    text: 'Changes who may log in to this computer over the network (~/.ssh/authorized_keys). A key added here lets its owner in without a password.',
    test: writesTo('keys'),
    raw: writeRaw(String.raw`${HOME_RAW}/\.ssh/authorized_keys2?${END}`),
  },
  {
    id: 'credentials-write',
    text: 'Changes a file that holds passwords, keys or access tokens (such as ~/.ssh, ~/.aws/credentials or ~/.npmrc). This can lock you out of services, or let someone else in as you.',
    test: writesTo('secrets'),
    raw: writeRaw(
      String.raw`${HOME_RAW}/\.(?:ssh(?!/authorized_keys)|aws|gnupg|azure|config/gcloud)${END}|${HOME_RAW}/\.(?:npmrc|netrc|pypirc|git-credentials|docker/config\.json|kube/config|config/gh/hosts\.yml)${END}|/etc/(?:sudoers|sudoers\.d|passwd|shadow)${END}`,
    ),
  },
  {
    id: 'startup-file-write',
    text: 'Changes a file the terminal runs every time it opens (such as ~/.bashrc or ~/.zshrc). Whatever is put there runs again in every new terminal, long after this task.',
    test: writesTo('startup'),
    raw: writeRaw(
      String.raw`${HOME_RAW}/\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|zlogout|kshrc|mkshrc|cshrc|tcshrc|login)${END}|${HOME_RAW}/\.config/fish/|/etc/(?:profile|bash\.bashrc|bashrc|zshrc|zprofile|zshenv|zlogin|environment)${END}|/etc/(?:profile\.d|zsh)/`,
    ),
  },
];
