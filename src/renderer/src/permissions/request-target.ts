// What a permission request is about — its file (and whether that lies outside the project) or its
// site: shared by the approval dialog's request kinds and the inbox's grouping.
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { displayPath } from '../tools/shared/paths';

/** The first non-empty string among these fields of a tool's input ('' when none is). */
export function inputField(input: unknown, ...keys: string[]): string {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  for (const k of keys) if (typeof r[k] === 'string' && r[k]) return r[k] as string;
  return '';
}

/** The file or folder a request is about ('' when its input names none). */
export function requestTarget(request: PermissionRequestView): string {
  return request.preview?.path || inputField(request.input, 'file_path', 'notebook_path', 'path');
}

const isAbsolute = (p: string): boolean => p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p);

/** Whether `abs` lies outside the project (false when that cannot be told). */
export function isOutside(abs: string, projectDir: string | null): boolean {
  if (!abs || !projectDir || !isAbsolute(abs)) return false;
  return displayPath(abs, projectDir) === abs;
}

/** The host of a URL ('' when it is not one). */
export function urlHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
