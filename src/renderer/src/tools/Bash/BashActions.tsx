// "Keep running in background" on a running command's card (BA10): the command goes on as a
// background task and the assistant carries on at once; it can check on it or stop it later.
import { useState, type ReactNode } from 'react';
import { useRunningTask } from '../../background/use-running-task';
import { useSessions } from '../../stores/react';
import type { ToolViewProps } from '../types';


export function BashActions({ call }: ToolViewProps): ReactNode {
  const input = (call.input ?? {}) as { run_in_background?: unknown };
  // Only a command running in the foreground can move.
  if (call.state !== 'running' || input.run_in_background === true) return null;
  return <KeepRunning toolUseId={call.id} />;
}

function KeepRunning({ toolUseId }: { toolUseId: string }): ReactNode {
  const backgroundCall = useSessions((s) => s.backgroundCall);
  const [state, setState] = useState<'idle' | 'asking' | 'refused'>('idle');
  // A background task's conversation already runs on its own, in its own process.
  const task = useRunningTask();
  if (task) return null;
  const move = async () => {
    setState('asking');
    setState((await backgroundCall(toolUseId)) ? 'idle' : 'refused');
  };
  return (
    <div className="tool-card__actions">
      <button type="button" className="button button--small" disabled={state === 'asking'} onClick={() => void move()}>
        Keep running in background
      </button>
      <span className="tool-note">{state === 'refused' ? 'It could not be moved; it has probably just finished.' : 'The assistant goes on while this keeps running.'}</span>
    </div>
  );
}
