// The request kind for any tool without its own (unknown and MCP tools): its name in words and every
// input field in full.
import type { ReactNode } from 'react';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { mcpInfoFromName, type PermissionRuleValue } from '../../../../shared/permissions/rule';
import { InfoIcon } from '../../components/icons';
import { inputEntries } from '../../tools/input-summary';
import { toolWords } from '../../tools/tool-words';
import type { RequestKind } from '../types';

export function GenericDetails({ request }: { request: PermissionRequestView }): ReactNode {
  const entries = inputEntries(request.input);
  if (entries.length === 0) return <p className="approval__muted">No details were given.</p>;
  return (
    <dl className="approval__fields">
      {entries.map(({ key, value }) => (
        <div className="approval__field" key={key || '_'}>
          {key && <dt>{key}</dt>}
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function genericRuleWords(rule: PermissionRuleValue): string {
  const mcp = mcpInfoFromName(rule.toolName);
  if (mcp && !mcp.toolName) return `Every tool of ${mcp.serverName}, without asking`;
  if (mcp?.toolName === '*') return `Every tool of ${mcp.serverName}, without asking`;
  if (rule.ruleContent === undefined) return `Every use of ${toolWords(rule.toolName)}, without asking`;
  return `${toolWords(rule.toolName)} for “${rule.ruleContent}”, without asking`;
}

export const genericRequest: RequestKind = {
  question: (r) => `Allow Agent Desk to use ${toolWords(r.toolName)}?`,
  summary: (r) => `Use the tool ${toolWords(r.toolName)} in your project`,
  purpose: () => null,
  why: () => 'Agent Desk asks before the assistant uses a tool that has not been allowed yet.',
  Details: GenericDetails,
  ruleWords: genericRuleWords,
  Icon: InfoIcon,
};
