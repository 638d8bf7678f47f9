// The PermissionService behind the rule workbench's IPC channels: lists rules by source (with the
// project's test commands, for the ready-made rules), edits the writable settings files (the next
// permission decision sees the change), tests a rule against a call, and marks this project's recent
// Bash commands a rule would cover.
import path from 'node:path';
import { IpcFailure } from '../../shared/ipc/errors';
import type {
  RecentCommandsInput,
  RecentCommandsResult,
  RuleEditInput,
  RuleListing,
  RuleTestInput,
  RuleTestResult,
  RuleUpdateInput,
  WritableRuleSource,
} from '../../shared/permissions/rule-store';
import type { SessionStore } from '../sessions/store';
import type { ProjectSettings } from '../settings/project-settings';
import { localSettingsPath, projectSettingsPath, userSettingsPath } from '../settings/settings-files';
import { realpathOrAncestorSync } from '../fs/working-dirs';
import type { PathContext } from '../permissions/path-match';
import { recentBashCommands } from './recent-commands';
import { editRuleFile, RuleFileError, type RuleFileEdit } from './rule-file';
import { buildRuleListing } from './rule-listing';
import { registeredTools } from './registered-tools';
import { projectTestCommands } from './test-commands';
import { testRule } from '../permissions/rule-test';
import { catalogOf } from '../permissions/tool-catalog';
import { getAllBaseTools } from '../tools/builtin';
import type { RuleSet } from '../permissions/types';

/** The rule workbench (issue 5): rules by source, edits to the writable settings files, rule tests. */
export interface PermissionService {
  list(projectDir: string): Promise<RuleListing>;
  /** Each edit answers the listing as it is afterwards. Throws IpcFailure for a bad rule or file. */
  add(projectDir: string, edit: RuleEditInput): Promise<RuleListing>;
  remove(projectDir: string, edit: RuleEditInput): Promise<RuleListing>;
  update(projectDir: string, edit: RuleUpdateInput): Promise<RuleListing>;
  test(projectDir: string, req: RuleTestInput): Promise<RuleTestResult>;
  /** This project's recent Bash commands, each marked with whether the rule covers it. */
  recent(projectDir: string, req: RecentCommandsInput): Promise<RecentCommandsResult>;
}

export interface PermissionServiceDeps {
  settings: ProjectSettings;
  env: Readonly<Record<string, string | undefined>>;
  /** The command line's --allowedTools / --disallowedTools rules. */
  cliRules: () => RuleSet;
  /** Session transcripts, for the recent commands. */
  store: SessionStore;
  home?: string;
}

/** The settings file a writable source stands for; null when there is no home for the user file. */
export function ruleFileFor(source: WritableRuleSource, projectDir: string, env: PermissionServiceDeps['env']): string | null {
  if (source === 'localSettings') return localSettingsPath(projectDir);
  if (source === 'projectSettings') return projectSettingsPath(projectDir);
  return userSettingsPath(env);
}

function toIpc(err: unknown): never {
  if (err instanceof RuleFileError) {
    const code = err.code === 'invalid_rule' ? 'invalid_input' : err.code === 'not_found' ? 'not_found' : err.code === 'broken_file' ? 'unsupported' : 'internal';
    throw new IpcFailure({ code, message: err.message });
  }
  throw err;
}

export function createPermissionService(deps: PermissionServiceDeps): PermissionService {
  const home = deps.home ?? deps.env.HOME ?? deps.env.USERPROFILE;
  const list = async (projectDir: string): Promise<RuleListing> => {
    const [settings, testCommands] = await Promise.all([deps.settings.load(projectDir), projectTestCommands(projectDir)]);
    return { ...buildRuleListing(settings, deps.cliRules()), ...(testCommands ? { testCommands } : {}), tools: registeredTools() };
  };
  const paths = (projectDir: string): PathContext => ({ cwd: projectDir, projectDir, ...(home ? { home } : {}), realpath: realpathOrAncestorSync });

  async function edit(projectDir: string, source: WritableRuleSource, change: RuleFileEdit): Promise<RuleListing> {
    const dir = path.resolve(projectDir);
    const file = ruleFileFor(source, dir, deps.env);
    if (!file) throw new IpcFailure({ code: 'unsupported', message: 'No home folder is known, so there is no user settings file to write.' });
    await editRuleFile(file, change).catch(toIpc);
    return list(dir);
  }

  return {
    list: (projectDir) => list(path.resolve(projectDir)),
    add: (projectDir, e: RuleEditInput) => edit(projectDir, e.source, { op: 'add', behavior: e.behavior, rule: e.rule }),
    remove: (projectDir, e: RuleEditInput) => edit(projectDir, e.source, { op: 'remove', behavior: e.behavior, rule: e.rule }),
    update: (projectDir, e) =>
      edit(projectDir, e.source, { op: 'update', behavior: e.behavior, rule: e.rule, newRule: e.newRule, ...(e.newBehavior ? { newBehavior: e.newBehavior } : {}) }),
    // Against the app's own tools (their traits), so a rule is tested as a session would match it.
    test: async (projectDir, req) => testRule(req, paths(path.resolve(projectDir)), catalogOf(getAllBaseTools())),
    async recent(projectDir, req) {
      const dir = path.resolve(projectDir);
      const probe = testRule({ rule: req.rule, input: '' }, paths(dir));
      if (probe.error) return { commands: [], matched: 0, error: probe.error };
      const commands = (await recentBashCommands(deps.store, dir, { limit: req.limit ?? 50 })).map((c) => ({
        ...c,
        matches: testRule({ rule: req.rule, tool: 'Bash', input: c.command, ...(req.behavior ? { behavior: req.behavior } : {}) }, paths(dir)).matches,
      }));
      return { commands, matched: commands.filter((c) => c.matches).length };
    },
  };
}
