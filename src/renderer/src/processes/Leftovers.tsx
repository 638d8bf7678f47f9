// Programs left running when Agent Desk last closed (after a crash, or kept on purpose), at the top of
// the panel with one question: stop them, or leave them running.
import type { ReactNode } from 'react';
import type { LeftoverView } from '../../../shared/ipc/tasks-contract';
import { leftoverReason, leftoversHeadline, portAddress, programTitle } from './process-words';

export function Leftovers({ leftovers, onStop, onLeave }: { leftovers: LeftoverView[]; onStop(): void; onLeave(): void }): ReactNode {
  return (
    <section className="leftovers" aria-label="Left running from last time">
      <h3 className="leftovers__title">{leftoversHeadline(leftovers.length)}</h3>
      <ul className="leftovers__list">
        {leftovers.map((l) => (
          <li key={l.id} className="leftovers__item">
            <span className="leftovers__name">{programTitle(l)}</span>
            {l.activity?.ports?.map((port) => (
              <a key={port} className="program__port" href={portAddress(port)} target="_blank" rel="noreferrer">
                Listening on port {port}
              </a>
            ))}
            <span className="leftovers__why">{leftoverReason(l)}</span>
          </li>
        ))}
      </ul>
      <div className="leftovers__buttons">
        <button type="button" className="button button--small button--primary" onClick={onStop}>
          Stop them
        </button>
        <button type="button" className="button button--small" onClick={onLeave}>
          Leave them
        </button>
      </div>
    </section>
  );
}
