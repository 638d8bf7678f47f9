// A client's answer to its server's elicitation/create (issue 17 item 6). Where a form can be shown
// (a window), the capability is advertised and the request becomes a form for the person; in a
// headless run it is not advertised, and a server that asks anyway is declined with a log line.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ElicitAnswer, ElicitField } from '../../shared/mcp-elicitation';
import type { Logger } from '../base/log';
import type { McpCaller } from './calls-in-flight';
import { formFields } from './elicitation';
import { mcpSdk } from './sdk';

export interface ElicitRequest {
  server: string;
  message: string;
  fields: ElicitField[];
  /** The conversation's call running on the server when it asked (absent: none ran). */
  caller?: McpCaller;
}

/** Shows the form and resolves with the person's answer; `signal` ends when the server gives up. */
export type Elicit = (request: ElicitRequest, signal: AbortSignal) => Promise<ElicitAnswer>;

/** The client capabilities to declare: elicitation (form mode) only where someone can answer. */
export const clientCapabilities = (elicit: Elicit | undefined) => (elicit ? { elicitation: { form: {} } } : {});

const quoted = (s: unknown) => JSON.stringify(String(s ?? '').slice(0, 200));

export function answerElicitations(client: Client, server: string, elicit: Elicit | undefined, log: Logger): void {
  const { ElicitRequestSchema, McpError, ErrorCode } = mcpSdk.types();
  const decline = (why: string, message: unknown) => {
    log.warn(`MCP server ${server} asked for information (${quoted(message)}); declined: ${why}.`);
    return { action: 'decline' as const };
  };
  if (!elicit) {
    client.fallbackRequestHandler = async (request) => {
      if (request.method === 'elicitation/create') return decline('no one can answer a form in this run', (request.params as { message?: unknown } | undefined)?.message);
      throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
    };
    return;
  }
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const params = request.params;
    if (params.mode === 'url') return decline('Agent Desk answers forms, not web pages', params.message);
    const form = formFields(params.requestedSchema);
    if ('unsupported' in form) return decline(`${form.unsupported}, which Agent Desk cannot show`, params.message);
    return elicit({ server, message: params.message, fields: form.fields }, extra.signal);
  });
}
