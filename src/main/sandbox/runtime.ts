// The box itself (BA6): @anthropic-ai/sandbox-runtime (bubblewrap + socat on Linux, sandbox-exec on
// macOS), loaded at the first command that needs it. One proxy serves the app; it lets a connection
// through only when every session with a boxed command running right now allows the host, so a host
// one conversation allowed is never reachable from another's commands. Refusals go to the ledger.
import { spawn } from 'node:child_process';
import { loadExternal } from '../base/load-external';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SandboxStatus } from '../../shared/sandbox';
import { shellQuote } from '../process/launcher-shell';
import type { BoxedLaunch, SandboxCommand } from './index';
import { directConnections } from './direct-connections';
import { createNetworkLedger, type NetworkLedger } from './ledger';
import { hostAllowed, type SandboxPolicy } from './policy';
import { relayWait } from './relay-wait';

type Runtime = typeof import('@anthropic-ai/sandbox-runtime');
type Manager = Runtime['SandboxManager'];

export interface BoxRequest {
  launch: SandboxCommand;
  policy: SandboxPolicy;
  sessionId: string;
  projectDir?: string;
  /** The command as the model wrote it (the ledger's words). */
  command: string;
  callId?: string;
  /** More paths the command must write (the Bash tool's own cwd file's folder). */
  extraWrite?: string[];
  signal?: AbortSignal;
}

export interface AppSandbox {
  /** Whether the box can start here (checked once, then remembered). */
  status(): Promise<Omit<SandboxStatus, 'enabled'>>;
  /** The last status known, without checking. */
  knownStatus(): Omit<SandboxStatus, 'enabled'> | undefined;
  wrap(req: BoxRequest): Promise<Required<BoxedLaunch>>;
  /**
   * Get the box ready now (load the runtime, check it can start, start the proxy), so the first
   * command does not wait ~200 ms for it. Never throws; a failure is met again by the first command.
   */
  warm(): void;
  /** A folder every boxed command may write, for the tools' own scratch files. */
  scratchDir(): string;
  readonly ledger: NetworkLedger;
  /** Hosts the person allowed for this session from the ledger. */
  sessionHosts(sessionId: string): string[];
  allowHost(sessionId: string, host: string): void;
  /** The session went away. */
  forget(sessionId: string): void;
  dispose(): Promise<void>;
}

interface Running {
  sessionId: string;
  projectDir?: string;
  command: string;
  callId?: string;
  policy: SandboxPolicy['network'];
}

/** bubblewrap may be installed and still unable to make a namespace (a container without user namespaces). */
function probeBubblewrap(): Promise<string | null> {
  return new Promise((resolve) => {
    let err = '';
    const child = spawn('bwrap', ['--ro-bind', '/', '/', '--unshare-net', '--die-with-parent', 'true'], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => resolve(`bubblewrap could not be started (${e.message})`));
    child.on('exit', (code) => resolve(code === 0 ? null : `bubblewrap cannot create a sandbox on this computer (${err.trim() || `exit ${code}`})`));
  });
}

const LINE = /deny network-outbound (.+):(\d+) \((.*)\)\s*$/;

export function parseNetworkViolation(line: string): { host: string; port: number; reason: string } | null {
  const m = LINE.exec(line);
  if (!m) return null;
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]), reason: m[3]! };
}

export function createAppSandbox(opts: { log?: { warn(msg: string, err?: unknown): void }; load?: () => Promise<Runtime> } = {}): AppSandbox {
  const load = opts.load ?? (() => loadExternal<Runtime>('@anthropic-ai/sandbox-runtime'));
  const ledger = createNetworkLedger();
  const running = new Map<string, Running>();
  const granted = new Map<string, Set<string>>();
  let checked: Promise<Omit<SandboxStatus, 'enabled'>> | undefined;
  let known: Omit<SandboxStatus, 'enabled'> | undefined;
  let manager: Promise<Manager> | undefined;
  let scratch: string | undefined;
  let seenViolations = 0;
  // A command's refusals can be recorded a moment after it exited.
  const finished = new Map<string, Running>();

  // Every refusal the proxy records arrives here, with the key of the command that tried.
  const onViolations = (store: ReturnType<Manager['getSandboxViolationStore']>) => {
    const total = store.getTotalCount();
    const all = store.getViolations();
    const count = Math.min(total - seenViolations, all.length);
    seenViolations = total;
    if (count <= 0) return;
    for (const v of all.slice(-count)) {
      const net = parseNetworkViolation(v.line);
      if (!net) continue;
      const key = v.encodedCommand ? Buffer.from(v.encodedCommand, 'base64').toString('utf8') : undefined;
      const who = key ? running.get(key) ?? finished.get(key) : undefined;
      if (!who || !key) continue;
      ledger.record({ commandId: key, sessionId: who.sessionId, ...(who.projectDir ? { projectDir: who.projectDir } : {}), command: who.command, ...(who.callId ? { callId: who.callId } : {}), ...net, at: Date.now() });
    }
  };

  const decide = async ({ host, port = 0 }: { host: string; port?: number }): Promise<boolean> => {
    const sessions = new Map<string, SandboxPolicy['network']>();
    for (const r of running.values()) sessions.set(r.sessionId, r.policy);
    if (sessions.size === 0) return false;
    for (const [sessionId, policy] of sessions) {
      const hosts = granted.get(sessionId);
      const withGrants = hosts && hosts.size > 0 ? { ...policy, allow: [...policy.allow, ...hosts] } : policy;
      if (!hostAllowed(withGrants, host, port)) return false;
    }
    return true;
  };

  const start = async (): Promise<Manager> => {
    const { SandboxManager } = await load();
    // Every host is decided by `decide` (per session), none by a list of the proxy's own.
    await SandboxManager.initialize({ network: { allowedDomains: [], deniedDomains: [] }, filesystem: { denyRead: [], allowWrite: [], denyWrite: [] } }, decide);
    SandboxManager.getSandboxViolationStore().subscribe(() => onViolations(SandboxManager.getSandboxViolationStore()));
    return SandboxManager;
  };

  const app: AppSandbox = {
    ledger,
    status() {
      checked ??= (async () => {
        try {
          const { SandboxManager } = await load();
          if (!SandboxManager.isSupportedPlatform()) return { available: false, reason: `The sandbox is not available on ${process.platform}.` };
          const deps = SandboxManager.checkDependencies();
          if (deps.errors.length > 0) return { available: false, reason: `The sandbox cannot start: ${deps.errors.join('; ')}.` };
          if (process.platform === 'linux') {
            const why = await probeBubblewrap();
            if (why) return { available: false, reason: `The sandbox cannot start: ${why}.` };
          }
          return { available: true };
        } catch (err) {
          return { available: false, reason: `The sandbox could not be loaded (${(err as Error).message}).` };
        }
      })().then((s) => (known = s));
      return checked;
    },
    knownStatus: () => known,
    scratchDir() {
      if (!scratch) {
        scratch = path.join(os.tmpdir(), `agent-desk-box-${process.pid}`);
        mkdirSync(scratch, { recursive: true, mode: 0o700 });
      }
      return scratch;
    },
    warm() {
      if (manager) return;
      void app
        .status()
        .then((s) => {
          if (s.available && !manager) manager = start();
          return manager;
        })
        .catch((err: unknown) => {
          manager = undefined;
          opts.log?.warn('sandbox: getting the box ready failed; the first command tries again', err);
        });
    },
    async wrap(req) {
      manager ??= start();
      let m: Manager;
      try {
        m = await manager;
      } catch (err) {
        manager = undefined;
        throw err;
      }
      const id = `ad-${randomBytes(6).toString('hex')}`;
      const fs = req.policy.filesystem;
      running.set(id, { sessionId: req.sessionId, ...(req.projectDir ? { projectDir: req.projectDir } : {}), command: req.command, ...(req.callId ? { callId: req.callId } : {}), policy: req.policy.network });
      try {
        const program = [req.launch.file, ...req.launch.args].map(shellQuote).join(' ');
        // Linux: the relay the box's connections go through may not listen yet (relay-wait.ts).
        const line = process.platform === 'linux' ? `${relayWait()}; ${program}` : program;
        const wrapped = await m.wrapWithSandboxArgv(
          line,
          '/bin/sh',
          {
            filesystem: { allowWrite: [...fs.allowWrite, ...(req.extraWrite ?? []), app.scratchDir()], denyWrite: fs.denyWrite, denyRead: fs.denyRead, allowRead: fs.allowRead },
          },
          req.signal,
          req.launch.cwd,
          { commandId: id, commandText: req.command },
        );
        const env: Record<string, string> = { ...req.launch.env };
        for (const [k, v] of Object.entries(wrapped.env)) if (typeof v === 'string') env[k] = v;
        const [file, ...args] = wrapped.argv;
        return {
          launch: { file: file!, args, cwd: req.launch.cwd, env },
          annotate: (stderr: string) => {
            try {
              return m.annotateStderrWithSandboxFailures(id, stderr);
            } catch {
              return stderr;
            }
          },
          done: () => {
            const r = running.get(id);
            running.delete(id);
            if (r) {
              for (const d of directConnections(r.command)) {
                ledger.record({ commandId: id, sessionId: r.sessionId, ...(r.projectDir ? { projectDir: r.projectDir } : {}), command: r.command, ...(r.callId ? { callId: r.callId } : {}), host: d.host, port: d.port, reason: 'a direct connection: only connections through the sandbox\'s proxy can leave it', direct: true, at: Date.now() });
              }
              finished.set(id, r);
              if (finished.size > 200) finished.delete(finished.keys().next().value!);
            }
            try {
              m.cleanupAfterCommand();
            } catch (err) {
              opts.log?.warn('sandbox: clean-up after a command failed', err);
            }
          },
        };
      } catch (err) {
        running.delete(id);
        throw err;
      }
    },
    sessionHosts: (sessionId) => [...(granted.get(sessionId) ?? [])],
    allowHost(sessionId, host) {
      const set = granted.get(sessionId) ?? new Set<string>();
      set.add(host);
      granted.set(sessionId, set);
      ledger.markAllowed(sessionId, host);
    },
    forget(sessionId) {
      granted.delete(sessionId);
      ledger.forget(sessionId);
    },
    async dispose() {
      if (!manager) return;
      try {
        await (await manager).reset();
      } catch (err) {
        opts.log?.warn('sandbox: could not shut the proxy down', err);
      }
      manager = undefined;
    },
  };
  return app;
}
