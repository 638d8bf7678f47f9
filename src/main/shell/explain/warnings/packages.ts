// BA9: warnings about publishing a package to a public registry, or taking one down.
import { hasOption as has } from '../../commands/argv';
import { prog, SEG } from './raw';
import { flags, words, type Rule, type Run } from './rule';

const publishes = (r: Run): boolean => {
  const ops = words(r, 'w', ['--registry', '--otp', '--tag', '--access', '--workspace']);
  const p = flags(r);
  if (has(p, '--dry-run', '-n') && r.name !== 'twine' && r.name !== 'gem') return false;
  if (['npm', 'pnpm', 'bun', 'cargo', 'poetry', 'uv'].includes(r.name)) return ops[0] === 'publish';
  if (r.name === 'yarn') return ops[0] === 'publish' || (ops[0] === 'npm' && ops[1] === 'publish');
  return (r.name === 'twine' && ops[0] === 'upload') || (r.name === 'gem' && ops[0] === 'push');
};

export const PACKAGE_RULES: readonly Rule[] = [
  {
    id: 'npm-unpublish',
    text: 'Removes a published version of a package from the npm registry. Projects that depend on it can stop installing.',
    test: (r) => ['npm', 'pnpm', 'yarn'].includes(r.name) && words(r, 'w', ['--registry', '--otp']).includes('unpublish'),
    raw: prog('npm|pnpm|yarn', String.raw`${SEG}\sunpublish\b`),
  },
  {
    id: 'package-publish',
    text: 'Publishes this package to a public registry, where anyone can download it. Whatever is in it becomes public, and its version number cannot be used again.',
    test: publishes,
    raw: prog('npm|pnpm|yarn|bun|cargo|poetry|uv|twine|gem', String.raw`${SEG}\s(?:publish|upload|push)\b(?!${SEG}--dry-run)`),
  },
];
