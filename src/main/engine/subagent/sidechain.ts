// A subagent's own conversation, saved beside its session's file (AG8's sidechain transcript):
// `<sessions>/<session id>.agents/<agent id>.jsonl`, one message a line, written in order.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from '../../../shared/transcript';
import type { Logger } from '../../base/log';

export interface Sidechain {
  readonly file: string;
  add(message: Message): void;
  /** Resolves once every line added so far is on disk. */
  settled(): Promise<void>;
}

export function sidechainDir(sessionFile: string): string {
  return sessionFile.replace(/\.jsonl$/, '') + '.agents';
}

export function createSidechain(dir: string, agentId: string, meta: Record<string, unknown>, log: Logger): Sidechain {
  const file = path.join(dir, `${agentId}.jsonl`);
  let chain: Promise<void> = mkdir(dir, { recursive: true })
    .then(() => appendFile(file, JSON.stringify({ type: 'agent', agentId, ...meta }) + '\n'))
    .catch((err: unknown) => log.warn(`subagent ${agentId}: could not save its conversation to ${file}`, err));
  return {
    file,
    add(message) {
      chain = chain.then(() => appendFile(file, JSON.stringify({ type: 'message', message }) + '\n')).catch((err: unknown) => log.warn(`subagent ${agentId}: could not save a message to ${file}`, err));
    },
    settled: () => chain,
  };
}
