// A language server's failure in words the model and the person read, with a kind the tool and the
// manager act on (a crash restarts the server; a missing command does not).
export type LspErrorKind = 'not_found' | 'start_failed' | 'crashed' | 'timeout' | 'request_failed' | 'aborted' | 'gave_up';

export class LspError extends Error {
  constructor(
    readonly kind: LspErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LspError';
  }
}
