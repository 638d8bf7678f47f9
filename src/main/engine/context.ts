// The system prompt of a session: who the agent is and where it works. Tools add their own prompts later.
import os from 'node:os';

export interface PromptEnv {
  projectDir: string;
  platform?: string;
  date?: Date;
}

export function buildSystemPrompt({ projectDir, platform = `${os.type()} ${os.release()}`, date = new Date() }: PromptEnv): string {
  return [
    'You are Agent Desk, a coding agent that helps the user with the software project in their working directory.',
    'Be concise and direct. Prefer concrete answers grounded in the project over general advice.',
    '',
    '<env>',
    `Working directory: ${projectDir}`,
    `Platform: ${platform}`,
    `Today's date: ${date.toISOString().slice(0, 10)}`,
    '</env>',
  ].join('\n');
}
