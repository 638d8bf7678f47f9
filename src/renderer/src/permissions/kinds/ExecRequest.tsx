// The request kind for running a command (Bash): what will run, in full, what the assistant says it
// is for, and what it will do part by part in plain words — which files and folders each part
// touches and how much is there, whether it uses the internet, and which part is why the person is
// asked (BA9, DK4); rules in words ("Any command that starts with “npm run”").
import type { ReactNode } from 'react';
import type { CommandExplanation } from '../../../../shared/permissions/command-explanation';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import type { PermissionRuleValue } from '../../../../shared/permissions/rule';
import { TerminalIcon } from '../../components/icons';
import { bashInput } from '../../tools/Bash/bash-facts';
import { useViewEnv } from '../../tools/view-env';
import type { RequestKind } from '../types';
import { pathLine } from './exec-request-words';

function flags(input: unknown): string[] {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const out: string[] = [];
  if (r.run_in_background === true) out.push('It keeps running in the background.');
  if (typeof r.timeout === 'number') out.push(`It is stopped after ${Math.round(r.timeout / 1000)} seconds at most.`);
  if (r.dangerouslyDisableSandbox === true) out.push('It asks to run without the safety sandbox.');
  return out;
}

/** What the command does, part by part, for a person who never used a terminal. */
function WhatItDoes({ explanation, id }: { explanation: CommandExplanation; id: string }): ReactNode {
  const env = useViewEnv();
  if (explanation.unreadable) return <p className="approval__unreadable">{explanation.unreadable}</p>;
  if (explanation.parts.length === 0) return null;
  const several = explanation.parts.length > 1;
  return (
    <section className="approval__parts" aria-labelledby={id}>
      <h3 className="approval__label" id={id}>
        What it will do
      </h3>
      {several && explanation.joined && <p className="approval__muted">{explanation.joined}</p>}
      <ol className="approval__part-list" data-several={several || undefined}>
        {explanation.parts.map((part, i) => (
          <li key={i} className="approval__part" data-asks={part.asks ? true : undefined}>
            {several && <code className="approval__part-text">{part.text}</code>}
            <p className="approval__part-says">{part.says}</p>
            {part.paths.length > 0 && (
              <ul className="approval__part-paths" aria-label="Files and folders it touches">
                {part.paths.map((p, j) => {
                  const line = pathLine(p, env.projectDir);
                  return (
                    <li key={j} data-where={p.where}>
                      <code>{line.path}</code> — {line.facts.join(' · ')}
                    </li>
                  );
                })}
              </ul>
            )}
            {part.network && <p className="approval__part-note">Uses the internet.</p>}
            {part.asks && several && <p className="approval__part-asks">You are asked because of this part: {part.asks}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
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
      {request.command && <WhatItDoes explanation={request.command} id={`does-${request.requestId}`} />}
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
