// Shows "Reconnecting…" while the web host's socket is down after having been up.
import type { ReactNode } from 'react';
import { useApp } from '../stores/react';

export function ConnectionIndicator(): ReactNode {
  const connection = useApp((s) => s.connection);
  const everConnected = useApp((s) => s.everConnected);
  const down = everConnected && connection !== 'open';
  return (
    <span role="status" aria-label="Connection" className={down ? 'connection connection--down' : 'connection'}>
      {down && (
        <>
          <span className="spinner" aria-hidden="true" /> Reconnecting…
        </>
      )}
    </span>
  );
}
