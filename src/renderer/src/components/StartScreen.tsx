// What shows before app:init answered: a quiet "Starting…", or why it failed with a way to retry.
import type { ReactNode } from 'react';
import { useApp } from '../stores/react';
import { LogoIcon } from './icons';
import './Panels.css';

export function StartScreen(): ReactNode {
  const error = useApp((s) => s.loadError);
  const loading = useApp((s) => s.loading);
  const load = useApp((s) => s.load);
  const connection = useApp((s) => s.connection);
  return (
    <main className="welcome">
      <div className="welcome__card" role={error ? 'alert' : 'status'}>
        <div className="welcome__logo">
          <LogoIcon size={28} />
        </div>
        {error ? (
          <>
            <h1 className="welcome__title">Agent Desk could not start</h1>
            <p className="welcome__lead">{error}</p>
            <button type="button" className="button button--primary" disabled={loading} onClick={() => void load()}>
              Try again
            </button>
          </>
        ) : (
          <p className="welcome__lead">
            <span className="spinner" aria-hidden="true" /> {connection === 'open' ? 'Starting Agent Desk…' : 'Connecting…'}
          </p>
        )}
      </div>
    </main>
  );
}
