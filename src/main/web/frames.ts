// One socket's inbound frames: parse with the wire schema, hand to the dispatcher, answer with a
// result frame. Every failure becomes a typed `result` frame; nothing here throws.
import type { RawData, WebSocket } from 'ws';
import { issuesOf, type IpcError, type IpcResult } from '../../shared/ipc/errors';
import { ClientFrame, type ServerFrame } from '../../shared/ipc/wire';
import type { HandlerContext } from '../ipc/context';
import type { Logger } from '../base/log';
import type { Dispatcher } from '../ipc/dispatch';
import type { LogLimiter } from '../ipc/log-limit';

/** Frames above this are answered with `invalid_input` unread; `ws` closes the socket (1009) above its own hard cap. */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;

export function sendFrame(ws: WebSocket, frame: ServerFrame, log: Logger): void {
  if (ws.readyState !== ws.OPEN) return;
  let text: string;
  try {
    text = JSON.stringify(frame);
  } catch (err) {
    log.error('web: could not serialise a frame', err);
    return;
  }
  ws.send(text, (err) => {
    if (err) log.debug(`web: send failed: ${err.message}`);
  });
}

function rawLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

/** The invoke id of a frame that failed validation, when one can be trusted, so the caller's promise settles. */
function recoverableId(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { kind, id } = value as { kind?: unknown; id?: unknown };
  return kind === 'invoke' && typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : null;
}

function failure(id: number | null, error: IpcError): ServerFrame {
  return { kind: 'result', id, ok: false, error };
}

/** The message of a `log:write` payload, before validation (the dispatcher validates). */
function logText(payload: unknown): string {
  const m = (payload as { message?: unknown } | null)?.message;
  return typeof m === 'string' ? m : '';
}

export function createFrameHandler(opts: { ws: WebSocket; ctx: HandlerContext; dispatcher: Dispatcher; log: Logger; logLimiter?: LogLimiter }) {
  const { ws, ctx, dispatcher, log } = opts;
  // The log lines this client causes are bounded; its frames are still answered.
  const mayLog = (text: string) => opts.logLimiter?.allow(text) ?? true;
  const reject = (id: number | null, message: string, issues?: IpcError['issues']) => {
    if (mayLog(message)) log.warn(`web: malformed frame from ${ctx.clientId}: ${message}`);
    sendFrame(ws, failure(id, { code: 'invalid_input', message, ...(issues ? { issues } : {}) }), log);
  };

  return function onMessage(data: RawData, isBinary: boolean): void {
    try {
      if (isBinary) return reject(null, 'Binary frames are not supported; send JSON text.');
      if (rawLength(data) > MAX_FRAME_BYTES) return reject(null, `Frame too large (limit ${MAX_FRAME_BYTES} bytes).`);
      let json: unknown;
      try {
        json = JSON.parse(rawText(data));
      } catch {
        return reject(null, 'Frame is not valid JSON.');
      }
      const parsed = ClientFrame.safeParse(json);
      if (!parsed.success) return reject(recoverableId(json), 'Frame does not match the wire protocol.', issuesOf(parsed.error));
      const frame = parsed.data;
      if (frame.kind === 'invoke') {
        dispatcher
          .invoke(frame.channel, frame.payload, ctx)
          .catch((err: unknown): IpcResult<unknown> => {
            // The dispatcher promises never to throw; this keeps a broken promise from leaving the caller hanging.
            log.error(`web: dispatcher threw on ${frame.channel}`, err);
            return { ok: false, error: { code: 'internal', message: 'Internal error' } };
          })
          .then((result) => sendFrame(ws, { kind: 'result', id: frame.id, ...result }, log));
        return;
      }
      if (frame.channel === 'log:write' && !mayLog(logText(frame.payload))) return;
      const error = dispatcher.send(frame.channel, frame.payload, ctx);
      if (error) {
        if (mayLog(error.message)) log.warn(`web: send on ${frame.channel.slice(0, 80)} from ${ctx.clientId} failed: ${error.code}: ${error.message}`);
        sendFrame(ws, failure(null, error), log);
      }
    } catch (err) {
      log.error(`web: frame handler failed for ${ctx.clientId}`, err);
      sendFrame(ws, failure(null, { code: 'internal', message: 'Internal error' }), log);
    }
  };
}
