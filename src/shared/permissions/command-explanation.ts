// What a command line will do, part by part, in plain words (BA9, DK4): the approval window, the inbox
// and `agent-desk permissions explain` show it. Plain data computed by the main process.
import { z } from 'zod';

/** How much a path holds now, as far as a bounded look could count (`more`: it stopped counting). */
export const PathContents = z.object({
  kind: z.enum(['file', 'folder', 'other']),
  files: z.number().int().nonnegative(),
  bytes: z.number().nonnegative(),
  more: z.boolean().optional(),
});
export type PathContents = z.infer<typeof PathContents>;

export const TouchedPath = z.object({
  /** As the command names it. */
  path: z.string(),
  /** Absolute, when it can be placed (a pattern is its folder). */
  resolved: z.string().nullable(),
  access: z.enum(['read', 'write', 'delete']),
  /** Inside the folders the session may use, outside them, or unknown (`~bob`, after `cd -`). */
  where: z.enum(['project', 'outside', 'unknown']),
  /** A pattern (`src/*.ts`): what it matches is not listed. */
  pattern: z.boolean().optional(),
  /** What is there now; absent when nothing is (or it was not looked at), null when it could not be read. */
  contents: PathContents.nullable().optional(),
  exists: z.boolean().optional(),
});
export type TouchedPath = z.infer<typeof TouchedPath>;

export const CommandPart = z.object({
  /** The part as written. */
  text: z.string(),
  /** What it does, in a sentence ("Deletes the folder build and everything in it"). */
  says: z.string(),
  /** It reaches other computers (downloads, uploads, a server). */
  network: z.boolean(),
  /** It only looks (reads, lists, searches). */
  readOnly: z.boolean(),
  paths: z.array(TouchedPath),
  /** Set on the part(s) that made the command ask, in words. */
  asks: z.string().optional(),
});
export type CommandPart = z.infer<typeof CommandPart>;

export const CommandWarning = z.object({ id: z.string(), text: z.string() });
export type CommandWarning = z.infer<typeof CommandWarning>;

export const CommandExplanation = z.object({
  parts: z.array(CommandPart),
  /** Specific warnings of what may be lost or exposed (BA9), most serious first. */
  warnings: z.array(CommandWarning),
  /** Why the line could not be read part by part, when it could not (substitutions, loops…). */
  unreadable: z.string().optional(),
  /** How parts are joined, in words, when there are several ("one after the other", "each feeds the next"). */
  joined: z.string().optional(),
});
export type CommandExplanation = z.infer<typeof CommandExplanation>;
