// One MCP server tool as a ToolDef (MC1): kind `mcp`, its own JSON Schema sent to the model and checked
// with ajv (validateInput; the zod phase only requires an object), its annotations as traits, its
// calls through the connection manager with the call's Stop, its content mapped by content.ts.
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { mcpSdk } from '../../mcp/sdk';
import { z } from 'zod';
import type { McpToolInfo } from '../../mcp/connection';
import type { McpManager } from '../../mcp/manager';
import { buildTool } from '../core/build-tool';
import type { AnyTool, ToolInputJSONSchema } from '../core/tool';
import { simplify, toResultBlocks, type ResultBlock } from './content';
import { mcpToolName, normalizeNamePart } from './names';

/** Claude Code cuts MCP tool descriptions at this length: some servers send pages. */
const MAX_DESCRIPTION_CHARS = 2048;
/** PL6: MCP results are held to the default limit; larger ones are saved whole. */
const MCP_MAX_RESULT_CHARS = 50_000;

export interface McpCallOutput {
  content: string | ResultBlock[];
  isError: boolean;
}

// Made with the first MCP tool: ajv loads with the SDK, never at a start without servers.
let made: AjvJsonSchemaValidator | undefined;
const validators = (): AjvJsonSchemaValidator => (made ??= new (mcpSdk.ajv().AjvJsonSchemaValidator)());

/** The schema as the API takes it: an object schema, whatever the server sent. */
function apiSchema(schema: McpToolInfo['inputSchema']): ToolInputJSONSchema {
  const { $schema: _drop, ...rest } = (schema ?? {}) as Record<string, unknown>;
  return { ...rest, type: 'object' } as ToolInputJSONSchema;
}

const LooseObject = z.looseObject({});

/** `deferred`: the person chose to load this server's tools only when needed (ToolSearch, AS4). */
export function buildMcpTool(manager: McpManager, server: string, info: McpToolInfo, opts: { deferred?: boolean } = {}): AnyTool {
  const name = mcpToolName(server, info.name);
  const schema = apiSchema(info.inputSchema);
  let validate: ((input: unknown) => { valid: boolean; errorMessage?: string | undefined }) | undefined;
  const description = (info.description ?? info.title ?? '').slice(0, MAX_DESCRIPTION_CHARS);
  const readOnly = info.annotations?.readOnlyHint === true;
  const title = info.annotations?.title ?? info.title;
  return buildTool<Record<string, unknown>, McpCallOutput>({
    name,
    isMcp: true,
    kind: 'mcp',
    ...(opts.deferred ? { shouldDefer: true } : {}),
    maxResultSizeChars: MCP_MAX_RESULT_CHARS,
    inputSchema: () => LooseObject as unknown as z.ZodType<Record<string, unknown>>,
    inputJSONSchema: schema,
    searchHint: `${server} ${info.name}`,
    description: () => description,
    prompt: () => description,
    userFacingName: () => `${title ?? info.name} (${server})`,
    isReadOnly: () => readOnly,
    isConcurrencySafe: () => readOnly,
    isDestructive: () => info.annotations?.destructiveHint === true,
    validateInput(input) {
      try {
        validate ??= validators().getValidator(schema as never);
      } catch {
        // A schema ajv cannot compile: the server checks its own input.
        return { result: true };
      }
      const r = validate(input);
      return r.valid ? { result: true } : { result: false, message: `InputValidationError: ${name}: ${r.errorMessage ?? 'the input does not match the tool schema'}`, errorCode: 1 };
    },
    // No opinion: rules (`mcp__server`, `mcp__server__tool`), the mode and the person decide.
    checkPermissions: () => ({ behavior: 'passthrough', suggestions: [name, `mcp__${normalizeNamePart(server)}`] }),
    toAutoClassifierInput: (input) => `${name} ${JSON.stringify(input)}`,
    summarize: (input) => {
      const first = Object.values(input ?? {}).find((v) => typeof v === 'string') as string | undefined;
      return first ? first.slice(0, 80) : '';
    },
    async call(input, ctx) {
      // The pool may predate the change; the person has to accept the new definition first.
      if (manager.isWithheld(server, info.name)) {
        throw new Error(`The ${server} server changed the tool ${info.name} since it was approved, so it is not used until the person reviews the change in Connected tools and accepts it.`);
      }
      let result;
      try {
        result = await manager.callTool(server, info.name, input, ctx.abortSignal, ctx.toolUseId ? { sessionId: ctx.sessionId, toolUseId: ctx.toolUseId } : undefined);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        throw new Error(`The ${server} server could not run ${info.name}: ${message}`);
      }
      const content = Array.isArray(result.content) ? result.content : [];
      const { blocks } = await toResultBlocks(content, { dir: ctx.toolResultsDir, id: ctx.toolUseId ?? name });
      // Only structured output: the model gets it as JSON text.
      if (blocks.length === 0 && result.structuredContent !== undefined) blocks.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
      return { data: { content: simplify(blocks), isError: result.isError === true } };
    },
    mapResult: (output) => ({ content: output.content === '' ? '(no output)' : output.content, isError: output.isError }),
  });
}
