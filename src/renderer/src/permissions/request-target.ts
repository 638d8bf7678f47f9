// What a permission request is about, from the data main sends with it (the tool's kind and the
// call's target, issue 11 item 1) — its file (and whether that lies outside the project) or its site:
// shared by the approval dialog's request kinds and the inbox's grouping. Claude Code's tool names
// stand in only for a request that came without them.
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { requestKind, requestTargetOf } from '../../../shared/permissions/request-traits';
import { displayPath } from '../tools/shared/paths';

/** The first non-empty string among these fields of a tool's input ('' when none is). */
export function inputField(input: unknown, ...keys: string[]): string {
  const r = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  for (const k of keys) if (typeof r[k] === 'string' && r[k]) return r[k] as string;
  return '';
}

/** The file or folder a request is about ('' when it names none; a fetch's target is an address, not a file). */
export function requestTarget(request: PermissionRequestView): string {
  if (requestKind(request) === 'fetch') return '';
  return request.preview?.path || requestTargetOf(request)?.path || '';
}

/** Whether the request's target is a folder to search (Glob, Grep) rather than one file. */
export function targetIsFolder(request: PermissionRequestView): boolean {
  return requestTargetOf(request)?.isDir === true;
}

/** The address a fetch request is about ('' when none). */
export function requestAddress(request: PermissionRequestView): string {
  return requestKind(request) === 'fetch' ? (requestTargetOf(request)?.path ?? '') : '';
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
