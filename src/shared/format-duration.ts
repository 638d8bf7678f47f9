// A duration in the words the engine and the renderer both use: 120000 → "2m 0s", 1500 → "1.5s", 884 → "0.9s".
// Under a second it is still seconds, to a tenth: "884ms" is a programmer's unit, not a person's.

export function formatDuration(ms: number): string {
  if (ms <= 0) return '0s';
  if (ms < 1_000) return `${Math.max(1, Math.round(ms / 100)) / 10}s`;
  if (ms < 60_000) {
    const s = ms / 1_000;
    return `${Number.isInteger(s) ? s : s.toFixed(1)}s`;
  }
  const totalSeconds = Math.round(ms / 1_000);
  const h = Math.floor(totalSeconds / 3_600);
  const m = Math.floor((totalSeconds % 3_600) / 60);
  const s = totalSeconds % 60;
  return h > 0 ? `${h}h ${m}m ${s}s` : `${m}m ${s}s`;
}
