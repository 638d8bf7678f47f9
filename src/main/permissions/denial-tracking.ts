// PL4f: counts denials per tool, per pattern and in total, and says when to tell the model to change
// approach (after 3 denials of one pattern or 20 in all) so it stops asking for the same thing.

export const DENIAL_LIMITS = { perPattern: 3, total: 20 } as const;

export interface DenialCounts {
  total: number;
  byTool: Record<string, number>;
  byPattern: Record<string, number>;
}

export interface DenialTracker {
  /** Records one denial; returns guidance for the conversation once a limit is reached (and after). */
  record(toolName: string, pattern: string): string | undefined;
  counts(): DenialCounts;
}

export function createDenialTracker(limits: { perPattern: number; total: number } = DENIAL_LIMITS): DenialTracker {
  let total = 0;
  const byTool = new Map<string, number>();
  const byPattern = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => {
    const n = (m.get(k) ?? 0) + 1;
    m.set(k, n);
    return n;
  };
  return {
    record(toolName, pattern) {
      total++;
      bump(byTool, toolName);
      const n = bump(byPattern, pattern);
      if (n >= limits.perPattern) {
        return (
          `Note: ${pattern} has been denied ${n} times in this session. Do not request it again: ` +
          `try a different approach, or ask the user how they would like you to proceed.`
        );
      }
      if (total >= limits.total) {
        return (
          `Note: ${total} tool calls have been denied in this session. Stop and ask the user how they ` +
          `would like you to proceed before using more tools.`
        );
      }
      return undefined;
    },
    counts: () => ({ total, byTool: Object.fromEntries(byTool), byPattern: Object.fromEntries(byPattern) }),
  };
}
