// The open session's token use and cost ("12.3k tokens · $0.04"), updated on every usage event;
// the breakdown and the last reply's share are in its tooltip.
import type { ReactNode } from 'react';
import { useSessions, useTools } from '../stores/react';
import { usageDetails, usageLabel } from '../util/format-usage';

export function UsageChip(): ReactNode {
  const currentId = useSessions((s) => s.currentId);
  const usage = useTools((s) => (currentId ? s.usage[currentId] : undefined));
  if (!usage) return null;
  const label = usageLabel(usage.total);
  const title = [`This conversation so far:\n${usageDetails(usage.total, usage.total.costUsd)}`, usage.turn ? `Last reply:\n${usageDetails(usage.turn, usage.turn.costUsd)}` : '']
    .filter(Boolean)
    .join('\n\n');
  return (
    <span className="chip chip--quiet usage-chip" role="status" aria-label={`Usage: ${label}`} title={title}>
      {label}
    </span>
  );
}
