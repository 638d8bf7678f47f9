// Paths as a person reads them: relative to the open project when inside it ("src/app.ts"),
// otherwise as they are; and the last part of a path ("app.ts") for short lists.

const SEP = /[\\/]/;

function trimEnd(dir: string): string {
  return dir.length > 1 ? dir.replace(/[\\/]+$/, '') : dir;
}

/** `abs` relative to `projectDir` when inside it ("." for the folder itself), else `abs` unchanged. */
export function displayPath(abs: string, projectDir: string | null | undefined): string {
  if (!abs || !projectDir) return abs;
  const root = trimEnd(projectDir);
  if (abs === root) return '.';
  if (abs.length <= root.length || !abs.startsWith(root)) return abs;
  // A root of "/" keeps its separator; any other root must be followed by one.
  if (SEP.test(root.at(-1)!)) return abs.slice(root.length);
  return SEP.test(abs[root.length]!) ? abs.slice(root.length + 1) : abs;
}

/** The last part of a path: "src/app.ts" → "app.ts"; a folder's trailing slash is ignored. */
export function baseName(p: string): string {
  const parts = trimEnd(p).split(SEP);
  return parts.at(-1) || p;
}

/** Whole numbers with thousands separators: 1234 → "1,234". */
export function formatNumber(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 line", "3 lines". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
