// What a project folder would configure for itself, as plain data for the trust dialog (PX4, issue 16
// item 1): the commands its hooks run, the environment it sets, what its rules allow without asking,
// the permission mode it chooses, the folders outside it it opens, the MCP servers it starts, the skills
// and agents it brings. None of
// it takes effect before the person trusted the folder; a change after that asks again.
import { z } from 'zod';

const From = { file: z.string() };

export const FolderConfiguration = z.object({
  hooks: z.array(z.object({ event: z.string(), matcher: z.string().optional(), command: z.string(), ...From })),
  env: z.array(z.object({ name: z.string(), value: z.string(), ...From })),
  allowRules: z.array(z.object({ rule: z.string(), ...From })),
  defaultMode: z.object({ mode: z.string(), ...From }).optional(),
  additionalDirectories: z.array(z.object({ dir: z.string(), ...From })),
  mcpServers: z.array(z.object({ name: z.string(), command: z.string().optional(), url: z.string().optional(), ...From })),
  /** How its `sandbox` block would widen the box (hosts, write paths, exclusions …), in words. */
  sandbox: z.array(z.object({ what: z.string(), ...From })).default([]),
  /**
   * The skills (.claude/skills) it gives the assistant, with what each would
   * let it do without asking (`grants`, in words): their instructions count only once trusted.
   */
  instructions: z.array(z.object({ kind: z.enum(['skill', 'agent']), name: z.string(), grants: z.string().optional(), ...From })).default([]),
  /**
   * Its own helper agents (.claude/agents/*.md): each a system prompt and a choice of tools. Absent
   * when it has none, so folders trusted before agents counted keep their fingerprint.
   */
  agents: z.array(z.object({ name: z.string(), digest: z.string(), ...From })).optional(),
  /**
   * The language servers (`lspServers`) it would have the app start for the LSP tool. Absent when it
   * has none, so folders trusted before language servers counted keep their fingerprint.
   */
  lspServers: z.array(z.object({ name: z.string(), command: z.string(), ...From })).optional(),
});
export type FolderConfiguration = z.infer<typeof FolderConfiguration>;

/**
 * `nothing`: the folder configures nothing (no question to ask); `trusted`: the person trusted exactly
 * this configuration; `untrusted`: never trusted; `changed`: trusted before, but `added` is new since.
 */
export const TrustState = z.enum(['nothing', 'trusted', 'untrusted', 'changed']);
export type TrustState = z.infer<typeof TrustState>;

export const TrustStatus = z.object({
  projectDir: z.string(),
  state: TrustState,
  configuration: FolderConfiguration,
  /** For `changed`: what is new since the configuration the person trusted. */
  added: FolderConfiguration.optional(),
  /** Names exactly this configuration: trusting it records this value. */
  fingerprint: z.string(),
});
export type TrustStatus = z.infer<typeof TrustStatus>;

export function emptyConfiguration(): FolderConfiguration {
  return { hooks: [], env: [], allowRules: [], additionalDirectories: [], mcpServers: [], sandbox: [], instructions: [] };
}

export function isEmptyConfiguration(c: FolderConfiguration): boolean {
  return c.hooks.length + c.env.length + c.allowRules.length + c.additionalDirectories.length + c.mcpServers.length + (c.sandbox?.length ?? 0) + (c.instructions?.length ?? 0) + (c.agents?.length ?? 0) + (c.lspServers?.length ?? 0) === 0 && !c.defaultMode;
}
