// BA9: building blocks of the raw-text regexes, for lines the parser could not follow.
// —— raw-text building blocks (quotes removed first, so `"$HOME/.bashrc"` is `$HOME/.bashrc`) ——

/** The rest of one simple command, roughly. */
export const SEG = String.raw`[^;&|\n]*`;
/** A program at the start of a word, in any folder, then `rest`. */
export const prog = (names: string, rest = '', flagsRe = ''): RegExp => new RegExp(String.raw`(?:^|[^\w./$-])(?:[\w.~/-]*/)?(?:${names})(?![\w.-])${rest}`, flagsRe);
/** A short letter in any cluster, or a long option. */
export const opt = (letters: string, long?: string): string => String.raw`\s(?:-[a-zA-Z]*[${letters}][a-zA-Z]*${long ? `|--(?:${long})` : ''})(?![\w-])`;
export const anyOrder = (a: string, b: string): string => String.raw`(?=${SEG}${a})(?=${SEG}${b})`;
/** Both anywhere in the line, matched at whichever comes first. */
export const both = (a: string, b: string): RegExp => new RegExp(String.raw`(?:${a})(?=[\s\S]*(?:${b}))|(?:${b})(?=[\s\S]*(?:${a}))`, 'i');
