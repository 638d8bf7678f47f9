// An expected failure of a file tool, carrying the validateInput error code it maps to.

export class FileToolError extends Error {
  override name = 'FileToolError';
  readonly errorCode: number;
  constructor(message: string, errorCode: number) {
    super(message);
    this.errorCode = errorCode;
  }
}
