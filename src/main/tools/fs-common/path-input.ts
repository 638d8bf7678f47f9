// Paths no file system takes, refused in plain words before anything opens them (PL2, PL8): an empty
// path where a file is needed, a null character, a path or a name over the system's limits. Without
// this the model gets Node's own words ("must be a string … without null bytes", ENAMETOOLONG).
import type { ValidationResult } from '../core/tool';

/** Linux's PATH_MAX (macOS allows 1024: longer paths fail there with the system's words). */
export const MAX_PATH_CHARS = 4096;
/** NAME_MAX: one file or folder name, in bytes. */
export const MAX_NAME_BYTES = 255;
/** The validateInput code of a path no file system takes (the file tools' own codes stay below it). */
export const BAD_PATH_ERROR_CODE = 90;

const refuse = (message: string): ValidationResult => ({ result: false, message, errorCode: BAD_PATH_ERROR_CODE });

/** A refusal for a path the model gave in `field`, or null when the path is one a file system could take. */
export function badPathInput(p: string, field: string, opts: { required?: boolean; glob?: boolean } = {}): ValidationResult | null {
  if (opts.required && p.trim() === '') return refuse(`The ${field} is empty: give the absolute path of a file.`);
  if (p.includes('\0')) return refuse(`The ${field} contains a null character (\\0), which no file or folder name can contain.`);
  if (p.length > MAX_PATH_CHARS) return refuse(`The ${field} is ${p.length} characters long; a path can be at most ${MAX_PATH_CHARS} characters.`);
  // A glob's `{a,b,…}` may be longer than any one name it matches.
  const long = opts.glob ? undefined : p.split(/[\\/]/).find((name) => Buffer.byteLength(name) > MAX_NAME_BYTES);
  if (long !== undefined) {
    return refuse(`The ${field} has a name of ${Buffer.byteLength(long)} bytes (${JSON.stringify(long.slice(0, 24) + '…')}); one file or folder name can be at most ${MAX_NAME_BYTES} bytes.`);
  }
  return null;
}
