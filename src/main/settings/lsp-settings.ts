// The `lspServers` settings key: language servers in the shape of Claude Code's `.lsp.json` (one entry
// per server name: command, args, extensionToLanguage, env, initializationOptions, settings,
// workspaceFolder, startupTimeout, shutdownTimeout, restartOnCrash, maxRestarts), read from the user,
// project, local and policy files. Agent Desk has no plugins, so the key lives in the settings files;
// a stronger file's server replaces a weaker one's of the same name. A bad entry is a warning naming
// the file and the server; the others still count. Pure: no file access.
import { z } from 'zod';

const Millis = z.number().int().positive().max(600_000);

const EXTENSIONS_WORDS = 'extensionToLanguage must map file extensions to language ids, like {".ts": "typescript"}';

const ServerShape = z.strictObject(
  {
    command: z.string({ error: 'command is required: the program that starts the server' }).trim().min(1, 'command is required: the program that starts the server'),
    args: z.array(z.string(), { error: 'args must be an array of strings' }).default([]),
    extensionToLanguage: z.record(z.string(), z.string().min(1), { error: EXTENSIONS_WORDS }).superRefine((map, ctx) => {
      const keys = Object.keys(map);
      if (keys.length === 0) ctx.addIssue({ code: 'custom', message: EXTENSIONS_WORDS });
      for (const key of keys) {
        if (!/^\.[^./\\]+$/.test(key)) ctx.addIssue({ code: 'custom', message: `"${key}" is not an extension: write it with its dot, like ".${key.replace(/^\.+/, '') || 'ts'}"` });
      }
    }),
    transport: z.enum(['stdio', 'socket']).default('stdio'),
    env: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)).default({}),
    initializationOptions: z.unknown().optional(),
    settings: z.unknown().optional(),
    workspaceFolder: z.string().min(1).optional(),
    startupTimeout: Millis.optional(),
    shutdownTimeout: Millis.optional(),
    restartOnCrash: z.boolean().default(true),
    maxRestarts: z.number().int().nonnegative().max(100).default(3),
    /** Claude Code's plugin servers may name a log folder; kept so a copied `.lsp.json` entry is not refused. */
    loggingConfig: z.unknown().optional(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'a server must be an object with "command" and "extensionToLanguage"' : undefined) },
);

/** One language server as configured, with the file that configured it. */
export type LspServerConfig = z.output<typeof ServerShape> & { name: string; file: string };

export type LspServers = Record<string, LspServerConfig>;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function problem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it is not a valid server';
  const last = String(issue.path.at(-1) ?? '');
  // Our own messages name their field already ("command is required …").
  const where = issue.path.length > 0 && !issue.message.startsWith(last) ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** One file's `lspServers` block; undefined when it has none. */
export function parseLspServersBlock(file: string, block: unknown, warnings: string[]): LspServers | undefined {
  if (block === undefined) return undefined;
  if (!isObject(block)) {
    warnings.push(`${file}: "lspServers" must be an object of servers by name, like {"typescript": {"command": …}}; ignored.`);
    return undefined;
  }
  const out: LspServers = {};
  for (const [name, raw] of Object.entries(block)) {
    const parsed = ServerShape.safeParse(raw);
    if (!parsed.success) {
      warnings.push(`${file}: lspServers.${name}: ${problem(parsed.error)}; this server is ignored.`);
      continue;
    }
    // Claude Code's plugins may talk over a socket; Agent Desk starts servers over stdio only.
    if (parsed.data.transport !== 'stdio') {
      warnings.push(`${file}: lspServers.${name}: only the "stdio" transport is supported; this server is ignored.`);
      continue;
    }
    out[name] = { ...parsed.data, name, file };
  }
  return out;
}

/** The files' servers merged, weakest first: a stronger file's server replaces a weaker one's of the same name. */
export function mergeLspServers(blocks: ReadonlyArray<LspServers | undefined>): LspServers | undefined {
  const merged: LspServers = {};
  let any = false;
  for (const block of blocks) {
    if (!block) continue;
    any = true;
    Object.assign(merged, block);
  }
  return any ? merged : undefined;
}

/** The server that handles a file, by its extension (the first configured wins, in name order). */
export function serverForFile(servers: LspServers | undefined, file: string): { server: LspServerConfig; languageId: string } | null {
  if (!servers) return null;
  const dot = file.lastIndexOf('.');
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  if (dot <= slash + 1) return null;
  const ext = file.slice(dot);
  for (const name of Object.keys(servers).sort()) {
    const server = servers[name]!;
    const languageId = server.extensionToLanguage[ext] ?? server.extensionToLanguage[ext.toLowerCase()];
    if (languageId) return { server, languageId };
  }
  return null;
}

/** Every extension some server handles, for the tool's "no server handles .x" error. */
export function handledExtensions(servers: LspServers | undefined): string[] {
  return [...new Set(Object.values(servers ?? {}).flatMap((s) => Object.keys(s.extensionToLanguage)))].sort();
}
