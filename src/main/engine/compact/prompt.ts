// The words of a summary (issue 20 item 2), in the shape Claude Code uses: the request that asks the
// model for a structured summary (analysis first, then numbered sections), and the message that puts
// the summary in place of the conversation it replaces.

export function summaryRequestText(customInstructions?: string): string {
  const lines = [
    'The conversation so far is about to be replaced by a summary, because it no longer fits in what you can read at once. Write that summary now: it is all you will have of the earlier work, so it must let you carry on without losing anything that matters.',
    '',
    'First think it through inside <analysis> tags. Go through the conversation in order and note, for each part:',
    "- what the user asked for and why, in their own words where it matters;",
    '- what you did about it, and the decisions you made along the way;',
    '- the exact details you will need again: file paths, function and type names, commands, code that was written or changed;',
    '- errors you ran into and how they were fixed;',
    '- anything the user told you to do differently.',
    'Then check that nothing technical is wrong or missing.',
    '',
    'Then write the summary inside <summary> tags, with these sections:',
    '1. Primary request and intent: everything the user explicitly asked for, in detail.',
    '2. Key technical concepts: the technologies, frameworks and conventions involved.',
    '3. Files and code: every file read, changed or created, why it matters and its current state (include the important code where it helps).',
    '4. Errors and fixes: each error met, how it was fixed, and what the user said about it.',
    '5. Decisions: what was decided and why, including approaches that were tried and dropped.',
    "6. All user messages: every message the user wrote (not tool results), so their feedback and changing intent are not lost.",
    '7. Open todos: the tasks still pending that you were explicitly asked to do.',
    '8. Current work: exactly what you were doing just before this summary, with file names and code.',
    "9. Next step: the next step, only if it follows directly from the user's latest request; quote the latest messages word for word to show where you left off.",
  ];
  const extra = customInstructions?.trim();
  if (extra) lines.push('', 'Additional instructions from the user for this summary:', extra);
  lines.push('', 'Do not use any tools. Reply with the <analysis> block and then the <summary> block, and nothing else.');
  return lines.join('\n');
}

/** The summary alone: the <summary> block when there is one (the analysis is scaffolding), else the whole reply. */
export function extractSummary(reply: string): string {
  const m = /<summary>([\s\S]*?)(?:<\/summary>|$)/i.exec(reply);
  const body = m ? m[1]! : reply.replace(/<analysis>[\s\S]*?<\/analysis>/gi, '');
  return body.replace(/\n{3,}/g, '\n\n').trim();
}

/** What the model reads in place of the conversation it no longer sees. */
export function continuationText(summary: string, opts: { transcriptPath?: string; keptRecent: boolean; auto: boolean }): string {
  const lines = [
    'This conversation continues an earlier part that no longer fits in what you can read at once. The summary below covers that earlier part.',
    '',
    summary,
  ];
  if (opts.transcriptPath) lines.push('', `If you need exact details from before the summary (code, error messages, what you wrote), the full record is at: ${opts.transcriptPath}`);
  if (opts.keptRecent) lines.push('', 'The most recent messages follow word for word.');
  lines.push('', 'Files you read before this point must be read again before you change them.');
  if (opts.auto) lines.push('', 'Continue from where you left off without asking the user any further questions: carry on with the last task you were asked to do.');
  return lines.join('\n');
}

/**
 * A refusal a summary can answer: the 400 the API sends when a request does not fit the model's window,
 * or the 413 for a request body over its size limit (a huge tool input or result).
 */
export function isPromptTooLong(error: { code: string; message: string; status?: number | undefined }): boolean {
  return error.code === 'invalid_request' && (/prompt is too long/i.test(error.message) || error.status === 413);
}
