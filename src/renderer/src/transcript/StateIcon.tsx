// The icon beside a tool call's state words; decorative (the words carry the meaning).
import type { ReactNode } from 'react';
import type { ToolCallState } from '../../../shared/tools/tool-call';
import { BanIcon, CheckCircleIcon, HandIcon, StopCircleIcon, XCircleIcon } from '../components/icons';

export function StateIcon({ state }: { state: ToolCallState }): ReactNode {
  switch (state) {
    case 'validating':
    case 'running':
      return <span className="spinner tool-state-icon" aria-hidden="true" />;
    case 'awaiting_permission':
      return <HandIcon size={15} className="tool-state-icon" />;
    case 'succeeded':
      return <CheckCircleIcon size={15} className="tool-state-icon" />;
    case 'failed':
      return <XCircleIcon size={15} className="tool-state-icon" />;
    case 'rejected':
      return <BanIcon size={15} className="tool-state-icon" />;
    case 'cancelled':
      return <StopCircleIcon size={15} className="tool-state-icon" />;
  }
}
