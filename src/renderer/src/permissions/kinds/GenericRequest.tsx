// The request kind for any tool without its own (unknown and MCP tools): its name in words and every
// input field in full, named in words ("File", not `file_path`, PX2); the input exactly as the
// assistant sent it one click away.
import type { ReactNode } from 'react';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { mcpInfoFromName, type PermissionRuleValue } from '../../../../shared/permissions/rule';
import { InfoIcon } from '../../components/icons';
import { plainEntries } from '../../tools/input-summary';
import { ExactInput } from '../../tools/shared/Disclosure';
import { toolWords } from '../../tools/tool-words';
import type { RequestKind } from '../types';
import './RequestDetails.css';

export interface FieldRow {
  label: string;
  value: string;
}

/** Labelled values in words, then `children`, then the exact input behind "Show the exact request". */
export function PlainFields({ rows, input, children }: { rows: readonly FieldRow[]; input: unknown; children?: ReactNode }): ReactNode {
  return (
    <div className="request-details">
      {rows.length === 0 ? (
        <p className="approval__muted">No details were given.</p>
      ) : (
        <dl className="approval__fields">
          {rows.map(({ label, value }, i) => (
            <div className="approval__field request-details__field" key={`${label}:${i}`}>
              {label && <dt>{label}</dt>}
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
      {rows.length > 0 && <ExactInput input={input} what="the exact request" />}
    </div>
  );
}

export function GenericDetails({ request }: { request: PermissionRequestView }): ReactNode {
  return <PlainFields rows={plainEntries(request.input)} input={request.input} />;
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
