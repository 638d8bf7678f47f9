// File name → the highlighting language, from the few grammars Agent Desk ships (loaded only when a
// file of that kind is shown). Unknown kinds are plain text: never a guess that colours wrongly.

export type LangId = 'typescript' | 'tsx' | 'javascript' | 'json' | 'css' | 'html' | 'markdown' | 'python' | 'shellscript' | 'yaml' | 'rust' | 'go';

const BY_EXTENSION: Record<string, LangId> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  // The tsx grammar reads JSX; the javascript one does not.
  jsx: 'tsx',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  css: 'css',
  html: 'html',
  htm: 'html',
  md: 'markdown',
  markdown: 'markdown',
  py: 'python',
  pyw: 'python',
  sh: 'shellscript',
  bash: 'shellscript',
  zsh: 'shellscript',
  yml: 'yaml',
  yaml: 'yaml',
  rs: 'rust',
  go: 'go',
};

const BY_NAME: Record<string, LangId> = {
  '.bashrc': 'shellscript',
  '.zshrc': 'shellscript',
  '.profile': 'shellscript',
  'tsconfig.json': 'json',
};

/** Notebook kernel languages and fence words → a grammar. */
const BY_WORD: Record<string, LangId> = {
  python: 'python',
  python3: 'python',
  py: 'python',
  typescript: 'typescript',
  ts: 'typescript',
  javascript: 'javascript',
  js: 'javascript',
  bash: 'shellscript',
  sh: 'shellscript',
  shell: 'shellscript',
  markdown: 'markdown',
  md: 'markdown',
  rust: 'rust',
  go: 'go',
  json: 'json',
  yaml: 'yaml',
  html: 'html',
  css: 'css',
};

/** The language of a file by its name; null = show as plain text. */
export function languageForPath(filePath: string): LangId | null {
  const name = filePath.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (Object.hasOwn(BY_NAME, name)) return BY_NAME[name]!;
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1);
  return Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext]! : null;
}

/** A language named in words (a notebook's kernel, a code fence); null when not shipped. */
export function languageForWord(word: string | undefined | null): LangId | null {
  const w = (word ?? '').trim().toLowerCase();
  return Object.hasOwn(BY_WORD, w) ? BY_WORD[w]! : null;
}
