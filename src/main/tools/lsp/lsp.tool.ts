// The LSP tool (TL): Claude Code's code intelligence through a language server — its nine operations on
// `filePath` at a 1-based `line`:`character`. A read-kind tool over `filePath`, so Read's path rules,
// deny rules and the outside-the-project question apply. Offered only where a language server is
// configured (`lspServers`); the server is started at its first use (src/main/lsp/). Deferred, as in
// Claude Code.
import { readFile, stat } from 'node:fs/promises';
import { LSP_MAX_ITEMS, LSP_TOOL_NAME, makeLspInputSchema, type LspData, type LspInput } from '../../../shared/tools/lsp';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolUseContext, ValidationResult } from '../core/tool';
import { isBlockedDevicePath } from '../fs-common/device-paths';
import { badPathInput } from '../fs-common/path-input';
import { displayPath, expandPath } from '../fs-common/paths';
import { filePermission } from '../fs-common/permission';
import { runOperation } from './operations';
import { wordAt } from './position';
import { LSP_DESCRIPTION, LSP_PROMPT } from './prompt';
import { formatLspResult } from './result-text';

/** A file larger than this is not sent to a language server (it holds the whole text in memory). */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const LSP_ERROR = { badPath: 1, notHandled: 2, noServers: 3 } as const;

const NO_SERVERS = 'No language server is configured for this project: add one under "lspServers" in the settings.';

function extensionOf(abs: string): string {
  const name = abs.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

function notHandled(abs: string, ctx: ToolUseContext): string {
  const ext = extensionOf(abs);
  const handled = ctx.languageServers?.extensions() ?? [];
  const what = ext ? `${ext} files` : 'files without an extension';
  return `No language server handles ${what} (${abs}). The configured servers handle: ${handled.join(', ') || 'nothing'}. Use Grep and Read for this file.`;
}

function validate(input: LspInput, ctx: ToolUseContext): ValidationResult {
  const bad = badPathInput(input.filePath, 'filePath', { required: true });
  if (bad) return bad;
  const abs = expandPath(input.filePath, ctx);
  if (isBlockedDevicePath(input.filePath) || isBlockedDevicePath(abs)) return { result: false, message: `${input.filePath} is a device, not a source file.`, errorCode: LSP_ERROR.badPath };
  if (!ctx.languageServers) return { result: false, message: NO_SERVERS, errorCode: LSP_ERROR.noServers };
  if (!ctx.languageServers.handles(abs)) return { result: false, message: notHandled(abs, ctx), errorCode: LSP_ERROR.notHandled };
  return { result: true };
}

/** The file's text, after the permission check (so a denied file's existence is never told). */
async function sourceText(abs: string): Promise<string> {
  const info = await stat(abs).catch(() => null);
  if (!info) throw new Error(`File does not exist: ${abs}`);
  if (!info.isFile()) throw new Error(`${abs} is ${info.isDirectory() ? 'a folder' : 'not a regular file'}; give the path of a source file.`);
  if (info.size > MAX_FILE_BYTES) throw new Error(`${abs} is ${Math.round(info.size / 1024 / 1024)} MB, too large to send to a language server (at most ${MAX_FILE_BYTES / 1024 / 1024} MB).`);
  return readFile(abs, 'utf8');
}

async function lookUp(input: LspInput, ctx: ToolUseContext): Promise<LspData> {
  const servers = ctx.languageServers;
  if (!servers) throw new Error(NO_SERVERS);
  const abs = expandPath(input.filePath, ctx);
  const text = await sourceText(abs);
  const server = await servers.forFile(abs);
  if (!server) throw new Error(notHandled(abs, ctx));
  const uri = server.sync(abs, text);
  const word = wordAt(text, input.line, input.character);
  const answer = await runOperation(input.operation, {
    server,
    uri,
    position: { line: input.line - 1, character: input.character - 1 },
    word,
    places: { projectDir: ctx.projectDir, ...(ctx.readDenied ? { denied: ctx.readDenied } : {}) },
    signal: ctx.abortSignal,
  });
  return {
    operation: input.operation,
    filePath: displayPath(abs, ctx.projectDir),
    line: input.line,
    character: input.character,
    server: server.server,
    ...(word ? { symbol: word } : {}),
    ...(answer.hover ? { hover: answer.hover } : {}),
    items: answer.items.slice(0, LSP_MAX_ITEMS),
    total: answer.items.length + answer.hidden,
    hidden: answer.hidden,
  };
}

export function createLspTool(): Tool<LspInput, LspData> {
  return buildTool<LspInput, LspData>({
    name: LSP_TOOL_NAME,
    kind: 'read',
    target: { field: 'filePath' },
    requires: 'languageServers',
    shouldDefer: true,
    searchHint: 'code intelligence: go to definition, find references, hover type info, symbols, implementations, call hierarchy',
    maxResultSizeChars: 100_000,
    inputSchema: lazySchema(makeLspInputSchema),
    description: () => LSP_DESCRIPTION,
    prompt: () => LSP_PROMPT,
    userFacingName: () => 'Code lookup',
    summarize: (input) => (input.filePath ? `${input.operation ?? ''} ${input.filePath}:${input.line ?? '?'}:${input.character ?? '?'}`.trim() : ''),
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    isDestructive: () => false,
    toAutoClassifierInput: (input) => `${input.operation} ${input.filePath}`,
    backfillObservableInput: (input, ctx) => (typeof input.filePath === 'string' ? { ...input, filePath: expandPath(input.filePath, ctx) } : { ...input }),
    validateInput: validate,
    checkPermissions: (input, ctx) => filePermission<LspInput>(LSP_TOOL_NAME, expandPath(input.filePath, ctx), ctx, 'read'),
    async call(input, ctx) {
      try {
        return { data: await lookUp(input, ctx) };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        throw new Error(`Error performing ${input.operation}: ${message.charAt(0).toUpperCase()}${message.slice(1)}`);
      }
    },
    mapResult: (data) => ({ content: formatLspResult(data) }),
  });
}

export const LspTool = createLspTool();
