// A byte count as a person reads it: 67108864 → "64 MB", 1536 → "1.5 KB", 12 → "12 bytes" (binary units).
export function formatBytes(n: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  if (n < 1024) return `${n} ${n === 1 ? 'byte' : 'bytes'}`;
  let v = n;
  let u = -1;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1).replace(/\.0$/, '')} ${units[u]}`;
}
