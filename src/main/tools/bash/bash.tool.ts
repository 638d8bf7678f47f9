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
import type { BoxedLaunch, SandboxCommand, SandboxWrapper } from '../../sandbox/index';
import { appSandbox } from '../../sandbox/app-sandbox';
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
import { boxPlan, sandboxOpinion, type BoxPlan } from './sandboxing';
import { movedOutput, prepareBackgrounding } from './to-background';

/** SPEC PL6: "Bash ~100K". */
export const BASH_MAX_RESULT_SIZE_CHARS = 100_000;

export interface BashToolDeps {
  /** Boxes every launch (tests); by default the session's sandbox settings decide (BA6). */
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
  /** The wrapper a call goes through, or none (BA6). */
  const boxFor = async (input: BashInput, ctx: ToolUseContext): Promise<{ wrapper: SandboxWrapper; plan: BoxPlan } | null> => {
    if (deps.sandbox) return input.dangerouslyDisableSandbox ? null : { wrapper: deps.sandbox, plan: { kind: 'off' } };
    const policy = ctx.sandbox?.();
    if (!policy?.enabled) return null;
    const plan = boxPlan(input, policy, await appSandbox.status());
    return plan.kind === 'boxed' ? { wrapper: appWrapper, plan } : null;
  };
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
    async validateInput(input, ctx) {
      if (input.command.trim() === '') return { result: false, message: 'The command is empty.', errorCode: 1 };
      // Before the permission decision: deny and ask rules read the line with the grammar too.
      if (needsBashParser(input.command)) await loadBashParser({ log: ctx.log });
      return { result: true };
    },
    async checkPermissions(input, ctx) {
      if (needsBashParser(input.command)) await loadBashParser({ log: ctx.log });
      const own = bashPermission<BashInput>(input.command, { cwd: ctx.state.cwd, workingDirectories: ctx.workingDirectories });
      const policy = deps.sandbox ? undefined : ctx.sandbox?.();
      if (!policy?.enabled) return own;
      const status = await appSandbox.status();
      if (!status.available) noticeUnavailable(ctx, status.reason);
      return sandboxOpinion(boxPlan(input, policy, status), input, own, bashFacts(input.command).readOnly);
    },

    // While the model thinks: the launcher is there and a shell waits for the next command.
    warmUp(ctx) {
      if (deps.sandbox || ctx.sandbox?.().enabled) return;
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
      const box = await boxFor(input, ctx);
      const wrap = async (file: string, args: string[], extraWrite?: string[]): Promise<BoxedLaunch> => {
        const cmd: SandboxCommand = { file, args, cwd, env };
        if (!box) return { launch: cmd };
        const policy = box.plan.kind === 'off' ? undefined : box.plan.policy;
        return box.wrapper.wrap(cmd, { sessionId: ctx.sessionId, projectDir: ctx.projectDir, command: input.command, ...(policy ? { policy } : {}), ...(extraWrite ? { extraWrite } : {}), signal: ctx.abortSignal });
      };

      if (input.run_in_background) return { data: await startInBackground(input, ctx, wrap, shell, tasks, timeoutMs, notes) };

      const id = randomBytes(6).toString('hex');
      // A boxed shell may write only its allowed folders: its cwd file goes in the box's scratch folder.
      const scratch = box?.wrapper.scratchDir?.() ?? os.tmpdir();
      const cwdFile = path.join(scratch, `agent-desk-cwd-${process.pid}-${id}`);
      // The launcher only where a spawn would run this very shell unwrapped (same env, no sandbox).
      const launchers = !box && isPoolableShell(shell) ? launchersFor(deps.launchers) : undefined;
      // A shell started ahead waits for exactly this request (its fields NUL-terminated).
      const request = [cwd, cwdFile, input.command].some((f) => f.includes('\0')) ? undefined : `${cwd}\0${cwdFile}\0${input.command}\0`;
      // Launchers are the app's (appShell): the session's env reaches the command through the job's prelude.
      const home = appShell();
      const prepared = request !== undefined ? launchers?.takePrepared(home, env) : undefined;
      const commandFile = !prepared && commandNeedsFile(shell, input.command) ? path.join(os.tmpdir(), `agent-desk-cmd-${process.pid}-${id}`) : undefined;
      if (commandFile) writeFileSync(commandFile, input.command, { mode: 0o600 });
      const inv = shellInvocation(shell, input.command, cwdFile, commandFile);
      let boxed: BoxedLaunch;
      try {
        boxed = await wrap(inv.file, inv.args);
      } catch (err) {
        if (commandFile) rmSync(commandFile, { force: true });
        const message = `The sandbox could not start this command: ${(err as Error).message}`;
        const data: BashOutput = { stdout: '', stderr: '', exitCode: null, interrupted: false, timedOut: false, timeoutMs, cwd, notes: [...notes, message] };
        return { data };
      }
      const launch = boxed.launch;
      // Else a job of the launcher. A used-up launcher is replaced now only if another call of this
      // message will want one; otherwise the warm-up forks it when the process next waits for the
      // model (a fork blocks our event loop).
      const job = prepared ?? launchers?.launch(home, { cwd, env, file: launch.file, args: launch.args }, { refill: programQueuedNext(ctx) });
      const collector = new OutputCollector(
        path.join(ctx.toolResultsDir, `bash-${id}.output`),
        deps.outputLimits ?? outputLimitsFromEnv(),
      );
      const progress = new ProgressCoalescer(onProgress, deps.progress ?? DEFAULT_PROGRESS_OPTIONS);
      // BA10: the person may move this command to the background while it runs.
      const bg = prepareBackgrounding({ ctx, tasks, command: input.command, ...(input.description ? { description: input.description } : {}), outputDir: path.join(ctx.toolResultsDir, 'tasks') });

      const running = runProcess({
        ...launch,
        ...(job ? { spawned: job } : {}),
        ...(prepared ? { stdin: request } : {}),
        timeoutMs,
        signal: bg?.signal ?? ctx.abortSignal,
        ...(bg ? { untimed: bg.untimed, onPid: bg.onPid } : {}),
        ...(deps.killGraceMs !== undefined ? { killGraceMs: deps.killGraceMs } : {}),
        // Past the spill and the live budget, output is neither kept nor shown as text: it is no longer decoded.
        wantsText: () => !collector.spilled || !progress.overBudget,
        onData: (stream, text, raw, decoded) => {
          if (bg?.divert(raw)) return;
          collector.append(stream, text, raw, decoded);
          if (decoded) progress.push(stream, text);
          else progress.countUnshown(utf16Length(raw));
        },
      });
      const first = bg ? await bg.race(running) : { run: await running };
      progress.flush();
      progress.dispose();
      collector.close();
      if ('task' in first) {
        void first.run.finally(() => {
          boxed.done?.();
          [cwdFile, commandFile].forEach((f) => f && rmSync(f, { force: true }));
        });
        return { data: movedOutput(first.task, collector, { timeoutMs, cwd, notes, ...(first.afterMs !== undefined ? { afterMs: first.afterMs } : {}) }) };
      }
      boxed.done?.();
      const run = first.run;

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
        stderr: boxed.annotate ? boxed.annotate(collector.text('stderr')) : collector.text('stderr'),
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

async function startInBackground(
  input: BashInput,
  ctx: ToolUseContext,
  wrap: (file: string, args: string[]) => Promise<BoxedLaunch>,
  shell: string,
  tasks: TaskRegistry,
  timeoutMs: number,
  notes: string[],
): Promise<BashOutput> {
  const inv = plainInvocation(shell, input.command);
  const base = { stdout: '', stderr: '', interrupted: false, timedOut: false, timeoutMs, cwd: ctx.state.cwd };
  try {
    const boxed = await wrap(inv.file, inv.args);
    const task = startBackgroundShell({
      launch: boxed.launch,
      command: input.command,
      ...(input.description ? { description: input.description } : {}),
      sessionId: ctx.sessionId,
      ...(ctx.agentLabel ? { startedBy: ctx.agentLabel } : {}),
      projectDir: ctx.projectDir,
      outputDir: path.join(ctx.toolResultsDir, 'tasks'),
      registry: tasks,
    });
    if (boxed.done) {
      // The box counts a background command as running until it ends.
      const off = tasks.subscribe((t) => {
        if (t.id !== task.id || t.status === 'running') return;
        off();
        boxed.done?.();
      });
      if (tasks.get(task.id)?.status !== 'running') {
        off();
        boxed.done();
      }
    }
    return { ...base, exitCode: 0, backgroundTaskId: task.id, outputFile: task.outputFile, ...(notes.length ? { notes } : {}) };
  } catch (err) {
    return { ...base, exitCode: null, notes: [...notes, (err as Error).message] };
  }
}

/** The app's sandbox as the Bash tool's wrapper. */
const appWrapper: SandboxWrapper = {
  name: 'sandbox',
  wrap: (launch, meta) => {
    if (!meta.policy) throw new Error('no sandbox policy for this session');
    return appSandbox.wrap({ launch, policy: meta.policy, sessionId: meta.sessionId, ...(meta.projectDir ? { projectDir: meta.projectDir } : {}), command: meta.command, ...(meta.extraWrite ? { extraWrite: meta.extraWrite } : {}), ...(meta.signal ? { signal: meta.signal } : {}) });
  },
  scratchDir: () => appSandbox.scratchDir(),
};

const told = new Set<string>();
/** Once per session: why commands ask although the sandbox is on (the UI's words). */
function noticeUnavailable(ctx: ToolUseContext, reason: string | undefined): void {
  if (told.has(ctx.sessionId)) return;
  told.add(ctx.sessionId);
  ctx.log.warn(`sandbox unavailable: ${reason ?? 'unknown reason'}`);
}

export function createBashTool(deps: BashToolDeps = {}): Tool<BashInput, BashOutput, ToolProgress> {
  return buildTool(createBashToolDef(deps));
}

export const BashTool = createBashTool({ tasks: appTasks });
