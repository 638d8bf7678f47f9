// A session's permission mode: the configured one (CLI flag, settings' defaultMode, never a mode the
// settings refuse), replaced by one a tool or the person chose (EnterPlanMode, a plan approved, the
// composer's picker), or raised to acceptEdits by "every edit until this conversation ends".
import { effectiveMode } from '../../permissions/modes';
import type { PermissionMode } from '../../permissions/types';
import type { ClaudeSettings } from '../../settings/claude-settings';
import type { SessionModePort } from '../../tools/core/tool';
import type { SessionEventBody } from '../event-body';

export interface SessionModeState {
  /** The mode every call is decided in now. */
  mode(): PermissionMode;
  /** What tools see: the mode, and a switch to another for every call from now on. */
  port: SessionModePort;
  /** "Every edit until this conversation ends" (only over the default mode). */
  acceptEditsForSession(): void;
}

export function createSessionModeState(opts: {
  configured: PermissionMode | undefined;
  settings: () => ClaudeSettings;
  notify?: (level: 'info' | 'warn' | 'error', message: string) => void;
  publish: (e: SessionEventBody) => void;
}): SessionModeState {
  let refusalShown = false;
  let sessionMode: PermissionMode | null = null;
  let chosenMode: PermissionMode | null = null;
  const mode = (): PermissionMode => {
    const settings = opts.settings();
    const m = effectiveMode(chosenMode ?? opts.configured ?? settings.defaultMode, settings.bypassDisabled === true);
    if (m.refused && !refusalShown) {
      refusalShown = true;
      opts.notify?.('error', m.refused);
    }
    return m.mode === 'default' && sessionMode ? sessionMode : m.mode;
  };
  return {
    mode,
    port: {
      get: mode,
      set: (m) => {
        chosenMode = m;
        sessionMode = null;
        opts.publish({ type: 'mode', mode: mode() });
      },
    },
    acceptEditsForSession() {
      sessionMode = 'acceptEdits';
      opts.publish({ type: 'mode', mode: mode() });
    },
  };
}
