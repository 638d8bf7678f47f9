// The Bash tool, first version (SPEC BA; issue 3 item 6): runs a command in the user's shell in the
// session's cwd (`cd` persists), streams output as progress, kills the whole tree on timeout/Stop.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BASH_DEFAULT_TIMEOUT_MS,
  BASH_MAX_TIMEOUT_MS,
  BASH_TOOL_NAME,
  makeBashInputSchema,
  type BashInput,
  type BashOutput,
} from '../../../shared/tools/bash';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import { passThroughSandbox, type SandboxWrapper } from '../../sandbox/index';
import { appTasks } from '../../tasks/app-tasks';
import { createInMemoryTaskRegistry, type TaskRegistry } from '../../tasks/registry';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolDef, ToolUseContext } from '../core/tool';
import { isDirectory } from '../../fs/is-directory';
import { startBackgroundShell } from './background';
import { OutputCollector, outputLimitsFromEnv, spillCapNote, utf16Length, type OutputLimits } from './output';
import { DEFAULT_PROGRESS_OPTIONS, ProgressCoalescer, type ProgressOptions } from './progress';
import { bashPrompt } from './prompt';
import { formatBashResult } from './result-text';
import { runProcess } from '../../process/run-process';
import { interpretExitCode } from './semantics';
import { isPoolableShell, type LauncherShells } from '../../process/launchers';
import { commandNeedsFile, plainInvocation, shellInvocation } from './shell';
import { appShell, launchersFor, sessionShell, warmSessionLauncher } from '../../process/warm-launch';
import { programQueuedNext } from '../core/upcoming';
import { prepareSessionShell } from './prepare-shell';
import { loadBashParser } from '../../shell/parser';
import { bashFacts, bashPermission, bashRuleParts, bashWarnings, needsBashParser } from './permission';
import { explainBash } from './explain';

/** SPEC PL6: "Bash ~100K". */
export const BASH_MAX_RESULT_SIZE_CHARS = 100_000;

export interface BashToolDeps {
  sandbox?: SandboxWrapper;
  /** Where `run_in_background` tasks are registered (the composition root passes the app's). */
  tasks?: TaskRegistry;
  /** Default: DEFAULT_OUTPUT_LIMITS with the spill cap from the app's AGENT_DESK_BASH_SPILL_MAX_BYTES. */
  outputLimits?: OutputLimits;
  progress?: ProgressOptions;
  /** SIGTERM → SIGKILL grace when killing a tree. */
  killGraceMs?: number;
  /** Where commands start (launcher-shell.ts): the app's launchers by default; false = always spawn. */
  launchers?: false | LauncherShells;
}

const firstLine = (s: string) => s.trim().split('\n')[0]?.trim() ?? '';

export function createBashToolDef(deps: BashToolDeps = {}): ToolDef<BashInput, BashOutput, ToolProgress> {
  const sandbox = deps.sandbox ?? passThroughSandbox;
  const tasks = deps.tasks ?? createInMemoryTaskRegistry();

  return {
    name: BASH_TOOL_NAME,
    kind: 'exec',
    startsProgram: true,
    abortsSiblingsOnFailure: true,
    simpleMode: true,
    searchHint: 'run shell commands, scripts, git, npm, tests, builds',
    maxResultSizeChars: BASH_MAX_RESULT_SIZE_CHARS,
    inputSchema: lazySchema(makeBashInputSchema),
    description: (input) => input.description || 'Run shell command',
    prompt: () => bashPrompt(BASH_MAX_RESULT_SIZE_CHARS),
    userFacingName: () => 'Bash',
    summarize: (input) => input.description?.trim() || firstLine(input.command ?? ''),
    // A line of read-only commands (TC2) reads nothing outside its paths and runs beside other safe calls.
    isConcurrencySafe: (input) => bashFacts(input.command ?? '').readOnly,
    isReadOnly: (input) => bashFacts(input.command ?? '').readOnly,
    ruleParts: (input) => bashRuleParts(input),
    warnings: (input) => bashWarnings(input.command ?? ''),
    isDestructive: (input) => bashWarnings(input.command ?? '').length > 0,
    describeCommand: (input, ctx) => explainBash(input.command ?? '', { cwd: ctx.state.cwd, workingDirectories: ctx.workingDirectories }),
    toAutoClassifierInput: (input) => input.command ?? '',
    validateInput: (input) =>
      input.command.trim() === ''
        ? { result: false, message: 'The command is empty.', errorCode: 1 }
        : { result: true },
    async checkPermissions(input, ctx) {
      if (needsBashParser(input.command)) await loadBashParser({ log: ctx.log });
      return bashPermission(input.command, { cwd: ctx.state.cwd, workingDirectories: ctx.workingDirectories });
    },

    // While the model thinks: the launcher is there and a shell waits for the next command.
    warmUp(ctx) {
      if (sandbox !== passThroughSandbox) return;
      warmSessionLauncher(deps.launchers, 'commands');
      prepareSessionShell(ctx, deps.launchers);
    },

    async call(input, ctx, _canUseTool, _parentMessageId, onProgress) {
      const timeoutMs = Math.min(input.timeout ?? BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS);
      if (ctx.abortSignal.aborted) {
        // Stopped before it started: nothing is launched.
        const data: BashOutput = { stdout: '', stderr: '', exitCode: null, interrupted: true, timedOut: false, timeoutMs, cwd: ctx.state.cwd };
        return { data };
      }
      const notes: string[] = [];
      let cwd = ctx.state.cwd;
      if (!isDirectory(cwd)) {
        notes.push(`The working directory ${cwd} no longer exists; the command ran in ${ctx.projectDir}.`);
        cwd = ctx.projectDir;
        ctx.state.cwd = cwd;
      }
      const { shell, env } = sessionShell(ctx.env);
      // Policy checks for disabling the sandbox arrive with the sandbox itself (BA6).
      const wrap = (file: string, args: string[]) =>
        input.dangerouslyDisableSandbox ? { file, args, cwd, env } : sandbox.wrap({ file, args, cwd, env });

      if (input.run_in_background) return { data: startInBackground(input, ctx, wrap, shell, tasks, timeoutMs, notes) };

      const id = randomBytes(6).toString('hex');
      const cwdFile = path.join(os.tmpdir(), `agent-desk-cwd-${process.pid}-${id}`);
      // The launcher only where a spawn would run this very shell unwrapped (same env, no sandbox).
      const launchers =
        !input.dangerouslyDisableSandbox && sandbox === passThroughSandbox && isPoolableShell(shell) ? launchersFor(deps.launchers) : undefined;
      // A shell started ahead waits for exactly this request (its fields NUL-terminated).
      const request = [cwd, cwdFile, input.command].some((f) => f.includes('\0')) ? undefined : `${cwd}\0${cwdFile}\0${input.command}\0`;
      // Launchers are the app's (appShell): the session's env reaches the command through the job's prelude.
      const home = appShell();
      const prepared = request !== undefined ? launchers?.takePrepared(home, env) : undefined;
      const commandFile = !prepared && commandNeedsFile(shell, input.command) ? path.join(os.tmpdir(), `agent-desk-cmd-${process.pid}-${id}`) : undefined;
      if (commandFile) writeFileSync(commandFile, input.command, { mode: 0o600 });
      const inv = shellInvocation(shell, input.command, cwdFile, commandFile);
      const launch = wrap(inv.file, inv.args);
      // Else a job of the launcher. A used-up launcher is replaced now only if another call of this
      // message will want one; otherwise the warm-up forks it when the process next waits for the
      // model (a fork blocks our event loop).
      const job = prepared ?? launchers?.launch(home, { cwd, env, file: launch.file, args: launch.args }, { refill: programQueuedNext(ctx) });
      const collector = new OutputCollector(
        path.join(ctx.toolResultsDir, `bash-${id}.output`),
        deps.outputLimits ?? outputLimitsFromEnv(),
      );
      const progress = new ProgressCoalescer(onProgress, deps.progress ?? DEFAULT_PROGRESS_OPTIONS);

      const run = await runProcess({
        ...launch,
        ...(job ? { spawned: job } : {}),
        ...(prepared ? { stdin: request } : {}),
        timeoutMs,
        signal: ctx.abortSignal,
        ...(deps.killGraceMs !== undefined ? { killGraceMs: deps.killGraceMs } : {}),
        // Past the spill and the live budget, output is neither kept nor shown as text: it is no longer decoded.
        wantsText: () => !collector.spilled || !progress.overBudget,
        onData: (stream, text, raw, decoded) => {
          collector.append(stream, text, raw, decoded);
          if (decoded) progress.push(stream, text);
          else progress.countUnshown(utf16Length(raw));
        },
      });
      progress.flush();
      progress.dispose();
      collector.close();

      // `cd` persists only for commands that ran to their end.
      let finalCwd = cwd;
      if (!run.timedOut && !run.aborted && !run.spawnError) {
        try {
          const recorded = readFileSync(cwdFile, 'utf8').trim();
          if (recorded && isDirectory(recorded)) finalCwd = recorded;
        } catch {
          // The command replaced the EXIT trap or the shell died: the cwd stays.
        }
        ctx.state.cwd = finalCwd;
      }
      rmSync(cwdFile, { force: true });
      if (commandFile) rmSync(commandFile, { force: true });

      if (run.spawnError) notes.push(`Could not start ${shell}: ${run.spawnError.message}`);
      if (collector.error) notes.push(`Could not save the full output: ${collector.error.message}`);
      if (collector.droppedBytes > 0 && collector.outputFile) notes.push(spillCapNote(collector.spillMaxBytes, collector.droppedBytes));
      const interpretation = interpretExitCode(input.command, run.exitCode);
      const data: BashOutput = {
        stdout: collector.text('stdout'),
        stderr: collector.text('stderr'),
        exitCode: run.exitCode,
        ...(run.signal ? { signal: run.signal } : {}),
        interrupted: run.aborted && !run.timedOut,
        timedOut: run.timedOut,
        timeoutMs,
        cwd: finalCwd,
        totalChars: collector.totalChars,
        ...(collector.outputFile ? { outputFile: collector.outputFile } : {}),
        ...(interpretation ? { returnCodeInterpretation: interpretation } : {}),
        ...(notes.length > 0 ? { notes } : {}),
      };
      return { data };
    },

    mapResult: (output) => formatBashResult(output),
  };
}

function startInBackground(
  input: BashInput,
  ctx: ToolUseContext,
  wrap: (file: string, args: string[]) => { file: string; args: string[]; cwd: string; env: Record<string, string> },
  shell: string,
  tasks: TaskRegistry,
  timeoutMs: number,
  notes: string[],
): BashOutput {
  const inv = plainInvocation(shell, input.command);
  const base = { stdout: '', stderr: '', interrupted: false, timedOut: false, timeoutMs, cwd: ctx.state.cwd };
  try {
    const task = startBackgroundShell({
      launch: wrap(inv.file, inv.args),
      command: input.command,
      ...(input.description ? { description: input.description } : {}),
      sessionId: ctx.sessionId,
      projectDir: ctx.projectDir,
      outputDir: path.join(ctx.toolResultsDir, 'tasks'),
      registry: tasks,
    });
    return { ...base, exitCode: 0, backgroundTaskId: task.id, outputFile: task.outputFile, ...(notes.length ? { notes } : {}) };
  } catch (err) {
    return { ...base, exitCode: null, notes: [...notes, (err as Error).message] };
  }
}

export function createBashTool(deps: BashToolDeps = {}): Tool<BashInput, BashOutput, ToolProgress> {
  return buildTool(createBashToolDef(deps));
}

export const BashTool = createBashTool({ tasks: appTasks });
