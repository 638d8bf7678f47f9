// Builds the one CheckContext every BA1 check reads, so each view of the command is computed once.
import { stripQuotedHeredocs } from './heredoc';
import { dropQuoteDelimiters, quotesUnbalanced, quoteVariants, stripSafeRedirections } from './quotes';
import type { CheckContext } from './types';
import { tokenize } from './words';

export function buildContext(command: string): CheckContext {
  // Quoted heredoc bodies are literal text: no check should read them as shell syntax.
  const processed = stripQuotedHeredocs(command);
  const baseCommand = command.split(' ')[0] ?? '';
  const views = quoteVariants(processed, baseCommand === 'jq');
  const { tokens, segments } = tokenize(processed);
  return {
    original: command,
    baseCommand,
    withDoubleQuotes: views.withDoubleQuotes,
    fullyUnquoted: views.fullyUnquoted,
    fullyUnquotedStripped: dropQuoteDelimiters(stripSafeRedirections(views.keepQuoteChars)),
    keepQuoteChars: views.keepQuoteChars,
    tokens,
    unterminatedQuote: quotesUnbalanced(processed),
    segments,
  };
}
