// The user settings file (<data>/settings.json). A missing file means defaults; a broken one means
// defaults plus a warning the host shows, never a crash. Unknown keys are kept for later features.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

export const UserSettings = z.looseObject({
  /** The model for new turns (ANTHROPIC_MODEL still wins). */
  model: z.string().trim().min(1).optional(),
  /** Environment for the model client, like Claude Code's settings `env` (process env still wins). */
  env: z.record(z.string(), z.string()).optional(),
});
export type UserSettings = z.infer<typeof UserSettings>;

export interface LoadedSettings {
  settings: UserSettings;
  /** Set when the file exists but could not be used. */
  warning?: string;
}

export async function loadUserSettings(file: string): Promise<LoadedSettings> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { settings: {} };
    return { settings: {}, warning: `Could not read settings ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)}); using defaults.` };
  }
  if (text.trim() === '') return { settings: {} };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { settings: {}, warning: `Settings file ${file} is not valid JSON (${(err as Error).message}); using defaults.` };
  }
  const parsed = UserSettings.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
    return { settings: {}, warning: `Settings file ${file} has invalid values (${issues}); using defaults.` };
  }
  return { settings: parsed.data };
}
