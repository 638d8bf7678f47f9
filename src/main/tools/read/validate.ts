// Read's business-rule checks before anything touches the disk (PL2 phase 2): blocked device paths
// (TL1), binary extensions, and the `pages` argument. File existence and type are checked in call.
import type { ReadInput } from '../../../shared/tools/read';
import type { ToolUseContext, ValidationResult } from '../core/tool';
import { extensionOf, hasBinaryExtension } from '../fs-common/binary';
import { isBlockedDevicePath } from '../fs-common/device-paths';
import { badPathInput } from '../fs-common/path-input';
import { expandPath } from '../fs-common/paths';
import { parsePageRange } from './page-range';

export const READ_ERROR = {
  blockedDevice: 1,
  binary: 2,
  invalidPages: 3,
  notFound: 4,
  directory: 5,
  notebook: 6,
  tooLarge: 8,
} as const;

export function binaryFileMessage(abs: string): string {
  const ext = extensionOf(abs);
  return (
    `This is a binary file${ext ? ` (.${ext})` : ''} and Read only shows text, images, PDFs and notebooks: ${abs}. ` +
    'Use a tool made for this kind of file through Bash (e.g. `file`, `xxd | head`, `unzip -l`) instead.'
  );
}

export function validateReadInput(input: ReadInput, ctx: ToolUseContext): ValidationResult {
  const bad = badPathInput(input.file_path, 'file_path', { required: true });
  if (bad) return bad;
  const abs = expandPath(input.file_path, ctx);
  if (isBlockedDevicePath(input.file_path) || isBlockedDevicePath(abs)) {
    return {
      result: false,
      message: `Cannot read '${input.file_path}': this device file would block or produce endless output.`,
      errorCode: READ_ERROR.blockedDevice,
    };
  }
  if (hasBinaryExtension(abs)) return { result: false, message: binaryFileMessage(abs), errorCode: READ_ERROR.binary };
  if (input.pages !== undefined) {
    if (extensionOf(abs) !== 'pdf') {
      return { result: false, message: 'The pages parameter only applies to PDF files; use offset and limit for other files.', errorCode: READ_ERROR.invalidPages };
    }
    const spec = parsePageRange(input.pages);
    if (!spec.ok) return { result: false, message: spec.message, errorCode: READ_ERROR.invalidPages };
  }
  return { result: true };
}
