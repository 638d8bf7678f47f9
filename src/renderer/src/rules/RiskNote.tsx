// The warning beside an allow rule that lets the assistant do something risky without asking (issue
// 12 item 8), in the editor before saving and on the rule's row. The words come from the shared risk
// table (shared/permissions/rule-risks.ts), the same one "Always allow" warns with.
import type { ReactNode } from 'react';
import { WarningIcon } from '../components/icons';
import './Presets.css';

export function RiskNote({ id, text, children }: { id?: string; text: string; children?: ReactNode }): ReactNode {
  return (
    <div id={id} className="rules-risk" role="note" aria-label="Risky rule">
      <WarningIcon size={16} />
      <div className="rules-risk__body">
        <p>
          <strong>Risky.</strong> {text}
        </p>
        {children}
      </div>
    </div>
  );
}
