// The request kind for running a command (Bash): what will run, in full, and what the
// assistant says it is for; rules in words ("Any command that starts with “npm run”").
import type { ReactNode } from 'react';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import type { PermissionRuleValue } from '../../../../shared/permissions/rule';
import { TerminalIcon } from '../../components/icons';
import { bashInput } from '../../tools/Bash/bash-facts';
import type { RequestKind } from '../types';

function flags(input: unknown): string[] {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const out: string[] = [];
  if (r.run_in_background === true) out.push('It keeps running in the background.');
  if (typeof r.timeout === 'number') out.push(`It is stopped after ${Math.round(r.timeout / 1000)} seconds at most.`);
  if (r.dangerouslyDisableSandbox === true) out.push('It asks to run without the safety sandbox.');
  return out;
}

function ExecDetails({ request }: { request: PermissionRequestView }): ReactNode {
  const { command } = bashInput(request.input);
  return (
    <div className="approval__exec">
      <div className="approval__label" id={`cmd-${request.requestId}`}>
        The command
      </div>
      <pre className="approval__command" aria-labelledby={`cmd-${request.requestId}`}>
        {command || '(empty command)'}
      </pre>
      {flags(request.input).map((f) => (
        <p className="approval__muted" key={f}>
          {f}
        </p>
      ))}
    </div>
  );
}

/** Bash rules in words: exact, prefix (`npm run:*`), wildcard (`git *`), or every command. */
export function execRuleWords(rule: PermissionRuleValue): string {
  const c = rule.ruleContent?.trim();
  if (!c) return 'Every command, without asking';
  if (c.endsWith(':*') && !c.slice(0, -2).includes('*')) return `Any command that starts with “${c.slice(0, -2).trim()}”`;
  if (/(^|[^\\])\*/.test(c)) return `Any command like “${c}” (* stands for anything)`;
  return `Only the exact command “${c}”`;
}

export const execRequest: RequestKind = {
  question: () => 'Allow Agent Desk to run a command?',
  summary: () => 'Run a command in your project',
  purpose: (r) => bashInput(r.input).description || null,
  why: () => 'A command can change files and settings on your computer, so Agent Desk checks with you first.',
  Details: ExecDetails,
  ruleWords: execRuleWords,
  Icon: TerminalIcon,
};
