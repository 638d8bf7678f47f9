// Test support for the worktree tools: a temp git repository with one commit, a tool context whose
// working folder really moves (the engine's own state), and git run in it. Not used by production code.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createWorkingFolderState } from '../../engine/tools/working-folder';
import { git } from '../../git/run';
import type { SessionEventBody } from '../../engine/event-body';
import type { ToolUseContext } from '../core/tool';
import { tempProject, type TempProject } from '../core/test-project';

export interface TestRepo extends TempProject {
  events: SessionEventBody[];
  run(args: string[], cwd?: string): Promise<string>;
}

export async function testRepo(opts: { commit?: boolean; subfolder?: string } = {}): Promise<TestRepo> {
  const project = tempProject();
  const events: SessionEventBody[] = [];
  const run = async (args: string[], cwd = project.dir) => {
    const r = await git(args, cwd);
    if (!r.ok) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  await run(['init', '-q', '-b', 'main']);
  writeFileSync(path.join(project.dir, 'README.md'), 'hello\n');
  if (opts.subfolder) {
    mkdirSync(path.join(project.dir, opts.subfolder), { recursive: true });
    writeFileSync(path.join(project.dir, opts.subfolder, 'app.ts'), 'export {};\n');
  }
  if (opts.commit !== false) {
    await run(['add', '.']);
    await run(['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'first']);
  }
  const projectDir = opts.subfolder ? path.join(project.dir, opts.subfolder) : project.dir;
  const state = { cwd: projectDir };
  const folders = createWorkingFolderState({ projectDir, state, publish: (e) => events.push(e) });
  const ctx: ToolUseContext = { ...project.ctx, projectDir, state, workingDirectories: [projectDir], workingFolder: folders.port };
  return { ...project, ctx, events, run };
}
