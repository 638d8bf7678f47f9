// A tool's own words for its approval, as plain data: the question, the summary that comes first and
// labelled facts in full (Config: which setting, its value now and after, which file changes). Tools
// without one get their request kind's words.
import { z } from 'zod';

export const RequestFact = z.object({
  /** What the fact is, in words ("File that will change"). */
  label: z.string().max(200),
  value: z.string().max(4_000),
});
export type RequestFact = z.infer<typeof RequestFact>;

export const RequestDescription = z.object({
  /** The approval's question and accessible name: "Allow the assistant to change a setting?" */
  title: z.string().min(1).max(200),
  /** The plain-language summary that comes first: "Change the AI model from … to …". */
  summary: z.string().max(1_000),
  /** The facts a person needs to decide, in order. */
  details: z.array(RequestFact).max(20),
});
export type RequestDescription = z.infer<typeof RequestDescription>;
