// Search patterns in words a person who never used a terminal reads (PX2): a file pattern
// ("**/*.js" → "JavaScript files", "src/**" → "all files in src") and a text pattern ("scale\(" →
// "“scale(”", "foo|bar" → "“foo” or “bar”"). Pure; null when the pattern says more than a few words
// can, and the view then shows the raw pattern one click away.

/** File extensions and ripgrep's type names → the kind of file in words. */
const KINDS: Record<string, string> = {
  js: 'JavaScript',
  mjs: 'JavaScript',
  cjs: 'JavaScript',
  jsx: 'JavaScript',
  ts: 'TypeScript',
  tsx: 'TypeScript',
  mts: 'TypeScript',
  cts: 'TypeScript',
  py: 'Python',
  python: 'Python',
  rb: 'Ruby',
  ruby: 'Ruby',
  go: 'Go',
  rs: 'Rust',
  rust: 'Rust',
  java: 'Java',
  kt: 'Kotlin',
  kotlin: 'Kotlin',
  swift: 'Swift',
  c: 'C',
  h: 'C header',
  cpp: 'C++',
  cc: 'C++',
  hpp: 'C++ header',
  cs: 'C#',
  csharp: 'C#',
  php: 'PHP',
  sh: 'shell script',
  bash: 'shell script',
  zsh: 'shell script',
  md: 'Markdown',
  markdown: 'Markdown',
  txt: 'text',
  json: 'JSON',
  yml: 'YAML',
  yaml: 'YAML',
  toml: 'TOML',
  xml: 'XML',
  html: 'web page',
  htm: 'web page',
  css: 'CSS',
  scss: 'CSS',
  sql: 'SQL',
  csv: 'CSV',
  ipynb: 'notebook',
  png: 'PNG picture',
  jpg: 'JPEG picture',
  jpeg: 'JPEG picture',
  svg: 'SVG picture',
  pdf: 'PDF',
};

const GLOB_CHARS = /[*?[\]{}!]/;

/** "js" → "JavaScript", "rust" → "Rust"; null when unknown. */
export function knownFileKind(extOrType: string): string | null {
  const key = extOrType.toLowerCase();
  return Object.hasOwn(KINDS, key) ? KINDS[key]! : null;
}

/** An extension in words: "js" → "JavaScript"; an unknown one → "“.xyz”". */
export function fileKindWords(ext: string): string {
  return knownFileKind(ext) ?? `“.${ext}”`;
}

/** "JavaScript and TypeScript" from a list of kinds, each once. */
function kindList(exts: readonly string[]): string {
  const kinds = [...new Set(exts.map(fileKindWords))];
  return kinds.length <= 1 ? (kinds[0] ?? '') : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}`;
}

/** The extensions of "ts", "{ts,tsx}"; null when the part is anything else. */
function extensions(part: string): string[] | null {
  const braced = /^\{([\w+-]+(?:,[\w+-]+)*)\}$/.exec(part);
  if (braced) return braced[1]!.split(',');
  return /^[\w+-]+$/.test(part) ? [part] : null;
}

/**
 * A file-name pattern (one path segment) in words: "*.ts" → "TypeScript files", "*.test.js" →
 * "JavaScript test files", "*config*" → "files with “config” in their name", "package.json" →
 * "files named package.json"; null when it is more than that.
 */
export function fileNameWords(name: string): string | null {
  if (name === '*' || name === '*.*') return 'all files';
  const test = /^\*\.(test|spec)\.(.+)$/.exec(name);
  if (test) {
    const exts = extensions(test[2]!);
    return exts ? `${kindList(exts)} test files` : null;
  }
  const ext = /^\*\.(.+)$/.exec(name);
  if (ext) {
    const exts = extensions(ext[1]!);
    return exts ? `${kindList(exts)} files` : null;
  }
  const inside = /^\*([^*?[\]{}!]+)\*$/.exec(name);
  if (inside) return `files with “${inside[1]}” in their name`;
  const starts = /^([^*?[\]{}!]+)\*$/.exec(name);
  if (starts) return `files whose name starts with “${starts[1]}”`;
  const ends = /^\*([^*?[\]{}!]+)$/.exec(name);
  if (ends) return `files whose name ends with “${ends[1]}”`;
  if (!GLOB_CHARS.test(name) && name) return `files named ${name}`;
  return null;
}

/**
 * A Glob pattern in words: "**\/*.js" → "JavaScript files", "*.js" → "JavaScript files (not in
 * subfolders)", "src/**\/*.ts" → "TypeScript files in src", "src/**" → "all files in src"; null when it
 * says more than that.
 */
export function globWords(pattern: string): string | null {
  const parts = pattern.trim().replace(/^\.\//, '').split('/');
  if (parts.length === 0 || parts.some((p, i) => p === '' && i > 0)) return null;
  let name = parts.pop()!;
  let anyDepth = false;
  if (name === '**') {
    anyDepth = true;
    name = '*';
  }
  if (parts.at(-1) === '**') {
    anyDepth = true;
    parts.pop();
  }
  if (parts.some((p, i) => (p === '' ? i !== 0 : GLOB_CHARS.test(p)))) return null;
  const what = fileNameWords(name);
  if (!what) return null;
  const dir = parts.length === 1 && parts[0] === '' ? '/' : parts.join('/');
  const where = dir ? ` in ${dir}` : '';
  return `${what}${where}${anyDepth ? '' : ' (not in subfolders)'}`;
}

// ---- text patterns (Grep's regular expressions) ----

/** Characters that mean something in a regular expression (when not escaped). */
const META = new Set(['*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '^', '$']);

/** The literal text an expression stands for ("scale\(" → "scale("), or null when it is not one. */
function literalOf(expr: string): string | null {
  let out = '';
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i]!;
    if (ch === '\\') {
      const next = expr[i + 1];
      if (next === undefined) return null;
      if (next === 's') {
        // "\s", "\s+", "\s*": a space between words.
        out += ' ';
        i += expr[i + 2] === '+' || expr[i + 2] === '*' ? 2 : 1;
        continue;
      }
      if (/[A-Za-z0-9]/.test(next)) return null;
      out += next;
      i++;
      continue;
    }
    // A lone "." most often means a dot ("console.log"); ".*", ".+" and the like mean anything.
    if (ch === '.' && /[*+?{]/.test(expr[i + 1] ?? '')) return null;
    if (META.has(ch)) return null;
    out += ch;
  }
  return out.trim() ? out : null;
}

/** Splits on "|" outside brackets and groups (escapes kept); null when the brackets do not pair. */
function alternatives(expr: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(expr.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) return null;
  }
  if (depth !== 0 || inClass) return null;
  parts.push(expr.slice(start));
  return parts;
}

const quote = (s: string): string => `“${s}”`;

/** "“a”", "“a” or “b”", "“a”, “b” or “c”". */
function orList(items: readonly string[]): string {
  const q = items.map(quote);
  return q.length === 1 ? q[0]! : `${q.slice(0, -1).join(', ')} or ${q.at(-1)}`;
}

/**
 * A Grep pattern in words: "TODO" → "“TODO”", "scale\(" → "“scale(”", "foo|bar" → "“foo” or “bar”",
 * "\bcart\b" → "the word “cart”", "^import" → "lines starting with “import”", "foo.*bar" → "“foo”
 * followed by “bar”"; null when the pattern says more than that.
 */
export function searchTextWords(pattern: string): string | null {
  const p = pattern.trim();
  if (!p) return null;
  const alts = alternatives(p);
  if (alts && alts.length > 1) {
    // "(foo|bar)" and "foo|bar" alike; each side plain text.
    const literals = alts.map(literalOf);
    return literals.every((l): l is string => l !== null) ? orList(literals) : null;
  }
  const group = /^\((?:\?:)?(.*)\)$/.exec(p);
  if (group && alternatives(group[1]!)?.length !== 1) return searchTextWords(group[1]!);
  const word = /^\\b(.*)\\b$/.exec(p);
  if (word) {
    const l = literalOf(word[1]!);
    return l ? `the word ${quote(l)}` : null;
  }
  const start = p.startsWith('^');
  const end = p.endsWith('$') && !p.endsWith('\\$');
  if (start || end) {
    const l = literalOf(p.slice(start ? 1 : 0, end ? -1 : undefined));
    if (!l) return null;
    if (start && end) return `lines that are exactly ${quote(l)}`;
    return start ? `lines starting with ${quote(l)}` : `lines ending with ${quote(l)}`;
  }
  const pieces = p.split(/(?<!\\)\.\*/);
  if (pieces.length === 2) {
    const [a, b] = pieces.map(literalOf);
    return a && b ? `${quote(a)} followed by ${quote(b)}` : null;
  }
  const l = literalOf(p);
  return l ? quote(l) : null;
}
