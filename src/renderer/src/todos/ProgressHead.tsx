// The top of the to-do panel, whichever list it shows: "3 of 7 done" (announced as it changes), the
// bar, and the step being worked on now in its "-ing" words.
import type { ReactNode } from 'react';
import { progressWords } from '../../../shared/tools/todo-write';

export function ProgressHead({ done, total, now }: { done: number; total: number; now: string | null }): ReactNode {
  const words = progressWords({ done, total });
  return (
    <>
      <div className="todos-pane__progress">
        <p className="todos-pane__count" role="status">
          {words}
        </p>
        <progress className="todos-pane__bar" max={total} value={done} aria-label={`Progress: ${words}`} />
      </div>
      {now && (
        <p className="todos-pane__now">
          <span className="todos-pane__now-label">Now</span> {now}
        </p>
      )}
    </>
  );
}
