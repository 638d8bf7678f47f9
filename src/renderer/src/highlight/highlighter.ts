// Syntax highlighting with shiki, loaded lazily so the first paint never waits: the core, the
// JavaScript regex engine (no wasm: the CSP forbids it), two themes (light and dark) and each grammar
// on first use. Lines come back as tokens coloured for both themes; CSS picks one.
import type { HighlighterCore } from 'shiki/core';
import type { LangId } from './languages';

export interface Token {
  content: string;
  /** Colour in the light and dark theme (absent = the text colour). */
  light?: string;
  dark?: string;
  /** Bit flags of shiki's FontStyle: 1 italic, 2 bold, 4 underline. */
  fontStyle?: number;
}
export type TokenLine = Token[];

const LIGHT = 'github-light';
const DARK = 'github-dark';
/** Lines longer than this stay plain (tokenising minified code is slow and pointless). */
const MAX_LINE_LENGTH = 2_000;
/** Texts larger than this stay plain. */
export const MAX_HIGHLIGHT_CHARS = 300_000;

const GRAMMARS: Record<LangId, () => Promise<unknown>> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  go: () => import('shiki/langs/go.mjs'),
};

// One highlighter per window, created on first use: a cache of loaded code, not UI state.
let core: Promise<HighlighterCore> | null = null;
const grammars = new Map<LangId, Promise<boolean>>();

function highlighter(): Promise<HighlighterCore> {
  core ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([import('shiki/core'), import('shiki/engine/javascript')]);
    return createHighlighterCore({
      themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
      langs: [],
      // Forgiving: a pattern the JS engine cannot emulate is skipped instead of failing the grammar.
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  core.catch(() => {
    core = null;
  });
  return core;
}

function loadGrammar(h: HighlighterCore, lang: LangId): Promise<boolean> {
  let loading = grammars.get(lang);
  if (!loading) {
    loading = GRAMMARS[lang]()
      .then((mod) => h.loadLanguage((mod as { default: Parameters<HighlighterCore['loadLanguage']>[0] }).default))
      .then(
        () => true,
        () => false,
      );
    grammars.set(lang, loading);
  }
  return loading;
}

/** The lines of `code` as coloured tokens; null when it cannot be highlighted (plain text then). */
export async function tokenize(code: string, lang: LangId): Promise<TokenLine[] | null> {
  if (code.length > MAX_HIGHLIGHT_CHARS) return null;
  try {
    const h = await highlighter();
    if (!(await loadGrammar(h, lang))) return null;
    const lines = h.codeToTokensWithThemes(code, { lang, themes: { light: LIGHT, dark: DARK }, tokenizeMaxLineLength: MAX_LINE_LENGTH });
    return lines.map((line) =>
      line.map((t) => {
        const light = t.variants.light;
        const dark = t.variants.dark;
        const token: Token = { content: t.content };
        if (light?.color) token.light = light.color;
        if (dark?.color) token.dark = dark.color;
        const style = light?.fontStyle ?? 0;
        if (style > 0) token.fontStyle = style;
        return token;
      }),
    );
  } catch {
    return null;
  }
}
