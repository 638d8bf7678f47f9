// Above the message box (issue 15 item 2): each host the sandbox kept this conversation's commands
// from reaching ("`npm install` tried to reach registry.npmjs.org — blocked"), with "Allow for this
// conversation" / "Allow for this project"; and, once, why the sandbox cannot start here.
import type { ReactNode } from 'react';
import { InfoIcon } from '../components/icons';
import { useSandbox, useSessions } from '../stores/react';
import type { BlockedConnection } from '../../../shared/sandbox';
import './SandboxNotices.css';

const MAX_SHOWN = 3;

const shortCommand = (c: string) => {
  const line = c.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
};

/** One line per host (and per way of connecting): the latest command that tried it. */
function byHost(list: readonly BlockedConnection[]): BlockedConnection[] {
  const last = new Map<string, BlockedConnection>();
  for (const e of list) last.set(`${e.direct ? 'direct ' : ''}${e.host}`, e);
  return [...last.values()];
}

export function SandboxNotices(): ReactNode {
  const currentId = useSessions((s) => s.currentId);
  const status = useSandbox((s) => s.status);
  const statusDismissed = useSandbox((s) => s.statusDismissed);
  const all = useSandbox((s) => (currentId ? s.connections[currentId] : undefined));
  const dismissed = useSandbox((s) => s.dismissed);
  const busy = useSandbox((s) => s.busy);
  const error = useSandbox((s) => s.error);
  const { allow, dismiss, dismissStatus } = useSandbox((s) => s);
  const blocked = byHost((all ?? []).filter((e) => !e.allowed && !dismissed[e.id])).slice(-MAX_SHOWN);
  const unavailable = status?.enabled && !status.available && !statusDismissed;

  return (
    <div className="sandbox-notices" role="region" aria-label="Sandbox">
      {unavailable && (
        <div className="sandbox-notice sandbox-notice--warn" role="status">
          <InfoIcon size={16} className="sandbox-notice__icon" />
          <p className="sandbox-notice__text">
            {status.reason ?? 'The sandbox cannot start on this computer.'} Commands will ask you before they run, because nothing would contain them.
          </p>
          <button type="button" className="button button--secondary button--small" aria-label="Dismiss the sandbox notice" onClick={dismissStatus}>
            Dismiss
          </button>
        </div>
      )}
      {currentId &&
        blocked.map((e) => {
          const working = busy[`${currentId} ${e.host}`] === true;
          if (e.direct) {
            // No allowance opens a raw connection: the box lets traffic out only through its proxy.
            return (
              <div key={e.id} className="sandbox-notice" role="group" aria-label={`Blocked direct connection to ${e.host}`}>
                <InfoIcon size={16} className="sandbox-notice__icon" />
                <p className="sandbox-notice__text">
                  <code>{shortCommand(e.command)}</code> tried to connect to <strong>{e.host}</strong> directly
                  {e.count > 1 ? ` (${e.count} times)` : ''} — blocked. In the sandbox, programs reach other computers only the
                  usual way (web addresses, as curl, npm and git use them), and only hosts you allowed.
                </p>
                <button type="button" className="button button--ghost button--small" aria-label={`Dismiss the blocked connection to ${e.host}`} onClick={() => dismiss(e.id)}>
                  Dismiss
                </button>
              </div>
            );
          }
          return (
            <div key={e.id} className="sandbox-notice" role="group" aria-label={`Blocked connection to ${e.host}`}>
              <InfoIcon size={16} className="sandbox-notice__icon" />
              <p className="sandbox-notice__text">
                <code>{shortCommand(e.command)}</code> tried to reach <strong>{e.host}</strong>
                {e.count > 1 ? ` (${e.count} times)` : ''} — blocked by the sandbox.
              </p>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-disabled={working}
                aria-label={`Allow ${e.host} for this conversation`}
                onClick={() => !working && void allow(currentId, e.host, 'session')}
              >
                Allow for this conversation
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-disabled={working}
                aria-label={`Allow ${e.host} for this project`}
                onClick={() => !working && void allow(currentId, e.host, 'project')}
              >
                Allow for this project
              </button>
              <button type="button" className="button button--ghost button--small" aria-label={`Dismiss the blocked connection to ${e.host}`} onClick={() => dismiss(e.id)}>
                Dismiss
              </button>
            </div>
          );
        })}
      {error && (
        <p className="sandbox-notice sandbox-notice--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
