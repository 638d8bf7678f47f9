// The request kind for a tool of an outside server (MCP, `mcp__server__tool`): which server and tool,
// said as a person would, and every input field in full.
import { mcpInfoFromName } from '../../../../shared/permissions/rule';
import { InfoIcon } from '../../components/icons';
import { toolWords } from '../../tools/tool-words';
import type { RequestKind } from '../types';
import { GenericDetails, genericRuleWords } from './GenericRequest';

export const mcpRequest: RequestKind = {
  question: (r) => `Allow Agent Desk to use ${toolWords(r.toolName)}?`,
  summary: (r) => {
    const mcp = mcpInfoFromName(r.toolName);
    return mcp?.toolName ? `Use the tool “${mcp.toolName}” of the connected service “${mcp.serverName}”` : `Use a tool of a connected service`;
  },
  purpose: () => null,
  why: () => 'Agent Desk asks before the assistant uses a tool of a connected service (an MCP server) that has not been allowed yet.',
  Details: GenericDetails,
  ruleWords: genericRuleWords,
  Icon: InfoIcon,
};
