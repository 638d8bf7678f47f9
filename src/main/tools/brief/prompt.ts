// What the model reads of SendUserMessage (Claude Code's Brief): a message the person is sure to see.
export const BRIEF_DESCRIPTION = 'Send a message to the user';

export const BRIEF_PROMPT = `Send a message the user will read: it is shown to them as a message of its own, set apart from your working notes and tool calls, so use it for what they must not miss — the answer to what they asked, a result, a blocker, a question about something they have not brought up.

\`message\` is Markdown. \`attachments\` takes paths of files (absolute, or relative to the working directory) to show with it: screenshots, diffs, logs.

\`status\` says why you send it: 'normal' when replying to what the user just said; 'proactive' when you start the conversation yourself — a long task finished, a blocker came up during background work, you need a decision on something they have not asked about. Set it honestly.`;
