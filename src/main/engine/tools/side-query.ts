// The engine's SideQuery for tools (WebFetch, WebSearch): one request on the session's credential,
// with the small fast model the settings name for background work, else the session's model.
import type { ModelAccess } from '../../model/access';
import { ModelError } from '../../model/errors';
import type { RawContentBlock } from '../../model/types';
import type { SideQuery } from '../../tools/core/side-query';

/** Claude Code's names for "the small fast model", newest first (settings' env block or the app's env). */
const SMALL_MODEL_VARS = ['ANTHROPIC_DEFAULT_HAIKU_MODEL', 'ANTHROPIC_SMALL_FAST_MODEL'] as const;

export function smallModelOf(envs: ReadonlyArray<Readonly<Record<string, string | undefined>>>): string | undefined {
  for (const name of SMALL_MODEL_VARS) {
    for (const env of envs) {
      const v = env[name]?.trim();
      if (v) return v;
    }
  }
  return undefined;
}

export interface SideQueryOptions {
  model: ModelAccess;
  /** The app's env, then the settings' env block (the app's wins, as for the session's model). */
  envs: () => ReadonlyArray<Readonly<Record<string, string | undefined>>>;
}

export function createSideQuery(opts: SideQueryOptions): SideQuery {
  return async (req, signal) => {
    const config = opts.model.config();
    const model = (req.model === 'small' ? smallModelOf(opts.envs()) : undefined) ?? config.model;
    const client = opts.model.client(config);
    const stream = client.stream(
      {
        model,
        messages: req.messages,
        ...(req.system ? { system: req.system } : {}),
        ...(req.serverTools && req.serverTools.length > 0 ? { tools: req.serverTools } : {}),
        ...(req.maxTokens ? { maxTokens: req.maxTokens } : {}),
      },
      signal,
    );
    for await (const ev of stream) {
      if (ev.type !== 'done') continue;
      const blocks: RawContentBlock[] = ev.raw ?? (ev.content as RawContentBlock[]);
      const text = ev.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      return { blocks, text, model: ev.model };
    }
    throw new ModelError('network', 'The model’s reply ended before it was complete.');
  };
}
