// The MCP servers channels (issue 17 items 4, 5, 6): the open project's servers with their state,
// reconnect, turn off and on, sign in and out, load-when-needed, and the review of changed tools; an
// unknown name is a typed not_found, never a crash. The desktop opens a sign-in page in the system
// browser; the browser host shows it as a link.
import { IpcFailure } from '../../shared/ipc/errors';
import type { McpServerInfo, McpToolChange } from '../../shared/mcp';
import type { HandlerContext } from '../ipc/context';
import type { Logger } from '../base/log';
import type { HostPort } from './ports';
import type { InvokeHandlers } from '../ipc/dispatch';
import type { McpHub } from '../mcp/hub';
import type { McpManager } from '../mcp/manager';
import { canonicalJson, type ToolChange } from '../mcp/pins';

export interface McpHandlerDeps {
  mcp?: McpHub;
  requireProject(ctx: HandlerContext): string;
  /** Opens a sign-in page in the system browser, where the host can. */
  host?: Pick<HostPort, 'openExternal'>;
  log?: Logger;
}

type McpChannels = 'mcp:list' | 'mcp:reconnect' | 'mcp:disable' | 'mcp:enable' | 'mcp:sign-in' | 'mcp:cancel-sign-in' | 'mcp:sign-out' | 'mcp:set-defer' | 'mcp:changes' | 'mcp:accept';

const noSuchServer = (name: string) => new IpcFailure({ code: 'not_found', message: `There is no MCP server named "${name}" in this project.` });

/** Indented, keys sorted: a schema change reads as a few changed lines. */
const schemaText = (schema: unknown): string => JSON.stringify(JSON.parse(canonicalJson(schema ?? {})), null, 2);

function changeView(ch: ToolChange): McpToolChange {
  const version = (v: ToolChange['before']) => ({ hash: v.hash, description: v.description, inputSchema: schemaText(v.inputSchema) });
  return { tool: ch.tool, before: version(ch.before), after: version(ch.after) };
}

export function createMcpHandlers(deps: McpHandlerDeps): Pick<InvokeHandlers, McpChannels> {
  const list = (dir: string): { servers: McpServerInfo[] } => ({ servers: deps.mcp?.forProject(dir).list() ?? [] });
  const manager = (ctx: HandlerContext): { dir: string; m: McpManager | undefined } => {
    const dir = deps.requireProject(ctx);
    return { dir, m: deps.mcp?.forProject(dir) };
  };
  const act = (what: 'reconnect' | 'disable') => async ({ name }: { name: string }, ctx: HandlerContext) => {
    const { dir, m } = manager(ctx);
    if (!m?.list().some((s) => s.name === name)) throw noSuchServer(name);
    if (!(await m[what](name))) throw new IpcFailure({ code: 'forbidden', message: `"${name}" is turned off in your settings; turn it on there first.` });
    return list(dir);
  };
  return {
    'mcp:list': async (_req, ctx) => list(deps.requireProject(ctx)),
    'mcp:reconnect': act('reconnect'),
    'mcp:disable': act('disable'),
    'mcp:enable': async ({ name }, ctx) => {
      const { dir, m } = manager(ctx);
      const outcome = m ? await m.enable(name) : 'unknown';
      if (outcome === 'unknown') throw noSuchServer(name);
      if (outcome === 'blocked') throw new IpcFailure({ code: 'forbidden', message: `"${name}" is turned off in your settings; turn it on there first.` });
      return list(dir);
    },
    'mcp:sign-in': async ({ name }, ctx) => {
      const { dir, m } = manager(ctx);
      let started: Awaited<ReturnType<McpManager['signIn']>>;
      try {
        started = m ? await m.signIn(name) : 'unknown';
      } catch (err) {
        throw new IpcFailure({ code: 'internal', message: err instanceof Error ? err.message : String(err) });
      }
      if (started === 'unknown') throw noSuchServer(name);
      if (started === 'unsupported') throw new IpcFailure({ code: 'unsupported', message: `"${name}" is not reached over HTTP or SSE, or is turned off: there is nothing to sign in to.` });
      let opened = false;
      if (started.url && deps.host?.openExternal) {
        // The page is still shown as a link when the browser cannot be opened.
        opened = await deps.host.openExternal(started.url).then(
          () => true,
          (err: unknown) => {
            deps.log?.warn(`could not open the sign-in page of ${name} in the browser: ${err instanceof Error ? err.message : String(err)}`);
            return false;
          },
        );
      }
      return { ...list(dir), ...(started.url ? { url: started.url } : {}), opened };
    },
    'mcp:cancel-sign-in': async ({ name }, ctx) => {
      const { dir, m } = manager(ctx);
      if (!m?.list().some((s) => s.name === name)) throw noSuchServer(name);
      m.cancelSignIn(name);
      return list(dir);
    },
    'mcp:sign-out': async ({ name }, ctx) => {
      const { dir, m } = manager(ctx);
      if (!m?.list().some((s) => s.name === name)) throw noSuchServer(name);
      if (!(await m.signOut(name))) throw new IpcFailure({ code: 'unsupported', message: `"${name}" is not reached over HTTP or SSE: there is no sign-in to forget.` });
      return list(dir);
    },
    'mcp:set-defer': async ({ name, defer }, ctx) => {
      const { dir, m } = manager(ctx);
      if (!m?.setDeferred(name, defer)) throw noSuchServer(name);
      return list(dir);
    },
    'mcp:changes': async ({ name }, ctx) => {
      const changes = manager(ctx).m?.changes(name);
      if (!changes) throw noSuchServer(name);
      return { changes: changes.map(changeView) };
    },
    'mcp:accept': async ({ name, tool, hash }, ctx) => {
      const { dir, m } = manager(ctx);
      if (!m?.changes(name)) throw noSuchServer(name);
      if (!m.accept(name, tool, hash)) throw new IpcFailure({ code: 'not_found', message: `The change of ${tool} you reviewed is no longer the latest; review it again.` });
      return list(dir);
    },
  };
}
