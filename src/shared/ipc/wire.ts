// Frames of the WebSocket transport: the same contract as Electron IPC, serialised as JSON.
import { z } from 'zod';
import { IpcError } from './errors';

export const ClientFrame = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('invoke'), id: z.number().int().nonnegative(), channel: z.string(), payload: z.unknown() }),
  z.object({ kind: z.literal('send'), channel: z.string(), payload: z.unknown() }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

export const ServerFrame = z.union([
  z.object({ kind: z.literal('result'), id: z.number().int().nonnegative().nullable(), ok: z.literal(true), value: z.unknown() }),
  z.object({ kind: z.literal('result'), id: z.number().int().nonnegative().nullable(), ok: z.literal(false), error: IpcError }),
  z.object({ kind: z.literal('event'), channel: z.string(), payload: z.unknown() }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;

/** Path of the WebSocket endpoint on the web host. */
export const WS_PATH = '/ws';
/** Query parameter and cookie that carry the web host's access token. */
export const TOKEN_PARAM = 'token';
export const TOKEN_COOKIE = 'agent_desk_token';
