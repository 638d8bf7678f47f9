// Answers to what a language server asks its client: the workspace folder, its `settings` (by section),
// and polite no-ops for registrations and progress. Edits are never applied: the LSP tool only reads.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** `settings` at a dotted section ("typescript.format"), or null. */
export function settingsSection(settings: unknown, section: string | undefined): unknown {
  if (!section) return settings ?? null;
  let at: unknown = settings;
  for (const part of section.split('.')) {
    if (!isObject(at)) return null;
    at = at[part];
  }
  return at ?? null;
}

export function answerServerRequest(method: string, params: unknown, ctx: { root: string; settings?: unknown }): unknown {
  switch (method) {
    case 'workspace/configuration': {
      const items = isObject(params) && Array.isArray(params.items) ? params.items : [];
      return items.map((item: unknown) => settingsSection(ctx.settings, isObject(item) && typeof item.section === 'string' ? item.section : undefined));
    }
    case 'workspace/workspaceFolders':
      return [{ uri: pathToFileURL(ctx.root).href, name: path.basename(ctx.root) }];
    case 'workspace/applyEdit':
      return { applied: false, failureReason: 'Agent Desk only reads through language servers.' };
    default:
      // client/registerCapability, window/workDoneProgress/create, window/showMessageRequest, refreshes…
      return null;
  }
}
