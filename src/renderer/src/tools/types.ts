// What a tool's view provides to the tool-call card. Every part is optional except through the
// registry, which fills the missing ones from the generic view.
import type { ComponentType } from 'react';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { ProgressLog } from '../stores/progress-log';
import type { ViewEnv } from './view-env';

export interface ToolViewProps {
  call: ToolCallView;
  /** Live output kept while the call ran (undefined for calls rebuilt from the transcript). */
  progress: ProgressLog | undefined;
}

export interface ToolView {
  /** A few words of what the call is about, for its accessible name and group lists ("npm test"). */
  subject(call: ToolCallView, env?: ViewEnv): string;
  /** The card's heading in plain words ("Install dependencies"); the tool's name by default. */
  title(call: ToolCallView, env?: ViewEnv): string;
  /** The input, as the person should see it. */
  Use: ComponentType<ToolViewProps>;
  /** Shown while the call runs. */
  Progress: ComponentType<ToolViewProps>;
  /** Shown once it ended (inside the card's Show/Hide output section). */
  Result: ComponentType<ToolViewProps>;
  /** Remarks under the output that stay visible when it is folded ("Stopped before it finished"). */
  Notes?: ComponentType<ToolViewProps>;
  /** Buttons for a call while it runs ("Keep running in background"). */
  Actions?: ComponentType<ToolViewProps>;
  /** Small always-visible facts beside the state. */
  Badges?: ComponentType<ToolViewProps>;
  /** The state in this tool's own words ("Finished", "Failed (error 1)"); null = the usual words. */
  stateWords?(call: ToolCallView): string | null;
  /** Why the call did not succeed, for the person; null when the output already says it. */
  problem(call: ToolCallView): string | null;
  /** A finished call whose output starts folded even when watched (a search's matches). */
  startsFolded?(call: ToolCallView): boolean;
  /** Whether there is anything for the output section at all. */
  hasOutput(props: ToolViewProps): boolean;
  /** The one-line summary of a group of this tool's calls ("Ran 3 commands: ls, npm test, …"). */
  Grouped: ComponentType<{ calls: readonly ToolCallView[] }>;
  /**
   * Tools with the same key group together (Grep and Glob: "search" → "Ran 3 searches");
   * the tool's own name when absent. A function decides per call (a Bash line that only searches
   * joins the searches). A shared key's group line comes from the registry, else the first call's view.
   */
  groupKey?: string | ((input: unknown) => string | undefined);
}

/** What a tool's folder exports: its own parts; the rest comes from the generic view. */
export type ToolViewParts = Partial<ToolView>;
