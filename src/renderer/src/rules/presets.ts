// Ready-made rules in plain language (issue 12 item 8): each a title a person would say ("Never delete
// files"), what it does in words, the one list it goes in and the exact Claude Code rules it writes —
// so the workbench can show them before anything is saved. Pure data; the test rule is the one place
// that reads the project (its package.json scripts, which main lists with the rules).
import type { RuleBehaviorName } from '../../../shared/permissions/explanation';
import { formatRule } from '../../../shared/permissions/rule';

export interface RulePreset {
  id: string;
  /** What a person would say: "Never delete files". */
  title: string;
  /** What it does, in words, and what it does not. */
  summary: string;
  behavior: RuleBehaviorName;
  /** The exact rules it adds, in Claude Code's syntax. */
  rules: readonly string[];
}

/** Used when the project has no package.json or no script named for tests. */
const USUAL_TEST_COMMANDS = ['npm test', 'npm run test', 'pytest', 'cargo test', 'go test'];

/** `npm test` → `Bash(npm test:*)`: the command with or without more words after it. */
const commandRule = (command: string): string => formatRule({ toolName: 'Bash', ruleContent: `${command}:*` });

function testRules(testCommands: readonly string[] | undefined): { rules: string[]; fromProject: boolean } {
  if (!testCommands || testCommands.length === 0) return { rules: USUAL_TEST_COMMANDS.map(commandRule), fromProject: false };
  const commands = [...testCommands];
  // `npm run test` is the other spelling of `npm test`; the assistant uses both.
  const plain = commands.find((c) => / test$/.test(c) && !c.includes(' run '));
  if (plain) commands.splice(commands.indexOf(plain) + 1, 0, plain.replace(/ test$/, ' run test'));
  return { rules: commands.map(commandRule), fromProject: true };
}

/** The ready-made rules for this project, in the order offered. */
export function rulePresets(project: { testCommands?: readonly string[] | undefined } = {}): RulePreset[] {
  const tests = testRules(project.testCommands);
  return [
    {
      id: 'never-delete',
      title: 'Never delete files',
      summary: 'The assistant may not run commands that delete files or folders, even when another rule allows them. It can still change what is inside a file.',
      behavior: 'deny',
      rules: ['Bash(rm:*)', 'Bash(rmdir:*)', 'Bash(unlink:*)', 'Bash(shred:*)', 'Bash(git clean:*)', 'Bash(git rm:*)'],
    },
    {
      id: 'never-secrets',
      title: 'Never read secrets',
      summary: 'Keeps the assistant out of the files that usually hold passwords and keys: .env files, a secrets folder, and your SSH and cloud keys.',
      behavior: 'deny',
      rules: ['Read(./.env)', 'Read(./.env.*)', 'Read(./secrets/**)', 'Read(~/.ssh/**)', 'Read(~/.aws/**)'],
    },
    {
      id: 'ask-network',
      title: 'Ask before any network access',
      summary: 'The assistant asks you before it opens a website, searches the web, downloads or uploads anything, or connects to another computer.',
      behavior: 'ask',
      rules: ['WebFetch', 'WebSearch', 'Bash(curl:*)', 'Bash(wget:*)', 'Bash(ssh:*)', 'Bash(scp:*)', 'Bash(rsync:*)', 'Bash(git push:*)', 'Bash(git pull:*)'],
    },
    {
      id: 'never-publish',
      title: 'Never push or publish',
      summary: 'The assistant may not send your work to a shared repository or publish a package. You do that yourself when you are ready.',
      behavior: 'deny',
      rules: ['Bash(git push:*)', 'Bash(npm publish:*)', 'Bash(yarn publish:*)', 'Bash(pnpm publish:*)', 'Bash(cargo publish:*)'],
    },
    {
      id: 'allow-tests',
      title: 'Always allow running the tests',
      summary: tests.fromProject
        ? 'The assistant runs this project’s tests without asking you each time. These are the test commands in its package.json.'
        : 'The assistant runs the tests without asking you each time. No test script was found in a package.json, so these are the usual test commands.',
      behavior: 'allow',
      rules: tests.rules,
    },
    {
      id: 'allow-edits',
      title: 'Allow editing files in this project',
      summary: 'The assistant changes and creates files inside this project folder without asking you each time. Files outside the project, and settings folders such as .git and .claude, still need your OK.',
      behavior: 'allow',
      rules: ['Edit(/**)'],
    },
  ];
}

/** The preset's rules not yet in that list of that file; all of them when the file is unknown. */
export function missingRules(preset: RulePreset, source: { allow: readonly string[]; ask: readonly string[]; deny: readonly string[] } | undefined): string[] {
  const have = new Set(source?.[preset.behavior] ?? []);
  return preset.rules.filter((r) => !have.has(r));
}
