// The typed error vocabulary of the IPC boundary and the result envelope every invoke returns.
import { z } from 'zod';

export const IpcErrorCode = z.enum([
  'invalid_channel',
  'invalid_input',
  'invalid_output',
  'forbidden',
  'no_project',
  'not_found',
  'unsupported',
  'busy',
  'internal',
]);
export type IpcErrorCode = z.infer<typeof IpcErrorCode>;

export const IpcError = z.object({
  code: IpcErrorCode,
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type IpcError = z.infer<typeof IpcError>;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const IpcResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: IpcError }),
]);

/** Turn zod issues into the plain list carried by an `invalid_input` error. */
export function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(root)', message: i.message }));
}

/** Thrown by a Bridge when main answered with an error; carries the typed error. */
export class IpcFailure extends Error {
  readonly code: IpcErrorCode;
  readonly issues: IpcError['issues'];
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'IpcFailure';
    this.code = error.code;
    this.issues = error.issues;
  }
}
