// Transport-free dispatch: parse a channel's input with the contract, call its handler, parse the
// output, and always answer with an IpcResult — never an exception across the boundary.
import type { Logger } from '../base/log';
import {
  invokeContract,
  isInvokeChannel,
  isSendChannel,
  sendContract,
  type InvokeChannel,
  type InvokeParsed,
  type InvokeResponseInput,
  type SendChannel,
  type SendPayload,
} from '../../shared/ipc/contract';
import { IpcFailure, issuesOf, type IpcError, type IpcResult } from '../../shared/ipc/errors';
import type { HandlerContext } from './context';

export type InvokeHandlers = {
  [C in InvokeChannel]: (req: InvokeParsed<C>, ctx: HandlerContext) => Promise<InvokeResponseInput<C>> | InvokeResponseInput<C>;
};
export type SendHandlers = {
  [C in SendChannel]: (payload: SendPayload<C>, ctx: HandlerContext) => void;
};

export interface Dispatcher {
  invoke(channel: unknown, payload: unknown, ctx: HandlerContext): Promise<IpcResult<unknown>>;
  /** Fire-and-forget; the returned error (if any) is for logging only. */
  send(channel: unknown, payload: unknown, ctx: HandlerContext): IpcError | null;
}

function describe(channel: unknown): string {
  return typeof channel === 'string' ? channel.slice(0, 80) : `<${typeof channel}>`;
}

export function createDispatcher(opts: { invoke: InvokeHandlers; send: SendHandlers; log: Logger }): Dispatcher {
  const { log } = opts;
  return {
    async invoke(channel, payload, ctx) {
      if (!isInvokeChannel(channel)) {
        log.warn(`ipc: unknown invoke channel ${describe(channel)} from ${ctx.clientId}`);
        return { ok: false, error: { code: 'invalid_channel', message: `Unknown channel: ${describe(channel)}` } };
      }
      const spec = invokeContract[channel];
      const parsed = spec.request.safeParse(payload ?? {});
      if (!parsed.success) {
        const issues = issuesOf(parsed.error);
        log.warn(`ipc: invalid input on ${channel} from ${ctx.clientId}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
        return { ok: false, error: { code: 'invalid_input', message: `Invalid input for ${channel}`, issues } };
      }
      try {
        const handler = opts.invoke[channel] as (req: unknown, ctx: HandlerContext) => unknown;
        const value = await handler(parsed.data, ctx);
        const out = spec.response.safeParse(value);
        if (!out.success) {
          log.error(`ipc: handler for ${channel} returned an invalid response`, issuesOf(out.error));
          return { ok: false, error: { code: 'invalid_output', message: `Internal error answering ${channel}` } };
        }
        return { ok: true, value: out.data };
      } catch (err) {
        if (err instanceof IpcFailure) {
          return { ok: false, error: { code: err.code, message: err.message, ...(err.issues ? { issues: err.issues } : {}) } };
        }
        log.error(`ipc: handler for ${channel} failed`, err);
        return { ok: false, error: { code: 'internal', message: err instanceof Error ? err.message : String(err) } };
      }
    },
    send(channel, payload, ctx) {
      if (!isSendChannel(channel)) {
        log.warn(`ipc: unknown send channel ${describe(channel)} from ${ctx.clientId}`);
        return { code: 'invalid_channel', message: `Unknown channel: ${describe(channel)}` };
      }
      const parsed = sendContract[channel].safeParse(payload);
      if (!parsed.success) {
        const issues = issuesOf(parsed.error);
        log.warn(`ipc: invalid input on ${channel} from ${ctx.clientId}`, issues);
        return { code: 'invalid_input', message: `Invalid input for ${channel}`, issues };
      }
      try {
        (opts.send[channel] as (p: unknown, c: HandlerContext) => void)(parsed.data, ctx);
        return null;
      } catch (err) {
        log.error(`ipc: send handler for ${channel} failed`, err);
        return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
