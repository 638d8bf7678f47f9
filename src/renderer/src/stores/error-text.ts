// Turns anything a failed call can throw into one sentence a person can read in a banner.
import { IpcFailure } from '../../../shared/ipc/errors';

const byCode: Partial<Record<IpcFailure['code'], string>> = {
  no_project: 'Open a project folder first.',
  busy: 'The assistant is still working on the last message. Wait for it or press Stop.',
  not_found: 'That conversation no longer exists.',
};

export function errorText(error: unknown): string {
  if (error instanceof IpcFailure) {
    if (error.code === 'invalid_input' && error.issues?.length) {
      return `${error.message} (${error.issues.map((i) => `${i.path}: ${i.message}`).join('; ')})`;
    }
    return error.message || byCode[error.code] || 'The request failed.';
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong.';
}
