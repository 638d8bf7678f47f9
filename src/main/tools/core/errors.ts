// Tool errors as data (PL8): the typed code vocabulary, the model-facing `<tool_use_error>` text for
// schema failures, and the telemetry-safe classification that never leaks paths or code.
import type { z } from 'zod';

/** Every way a tool call can end badly; the UI and the model text are derived from these. */
export const TOOL_ERROR_CODES = [
  'unknown_tool',
  'invalid_input',
  'validation_failed',
  'permission_denied',
  'hook_blocked',
  'cancelled',
  'sibling_aborted',
  'timeout',
  'execution_failed',
  'result_too_large',
  'mcp_error',
  'mcp_auth_required',
] as const;
export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

export function isToolErrorCode(v: unknown): v is ToolErrorCode {
  return typeof v === 'string' && (TOOL_ERROR_CODES as readonly string[]).includes(v);
}

/** An Error whose `telemetryMessage` a developer vouched for: no paths, no code, no user data. */
export class TelemetrySafeError extends Error {
  override name = 'TelemetrySafeError';
  readonly telemetryMessage: string;
  constructor(message: string, telemetryMessage: string = message) {
    super(message);
    this.telemetryMessage = telemetryMessage;
  }
}

/** A failure a pipeline stage or tool raises on purpose, with its code. */
export class ToolError extends Error {
  override name = 'ToolError';
  readonly code: ToolErrorCode;
  constructor(code: ToolErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** The wrapper the model sees around every tool error text. */
export function toolUseError(message: string): string {
  return `<tool_use_error>${message}</tool_use_error>`;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, seg, i) => {
    if (typeof seg === 'number') return `${acc}[${seg}]`;
    return i === 0 ? String(seg) : `${acc}.${String(seg)}`;
  }, '');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur = input;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur;
}

function receivedType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number' && Number.isNaN(v)) return 'NaN';
  return typeof v;
}

/**
 * One sentence per issue ("The required parameter `file_path` is missing"), headed by the tool name.
 * `input` (the raw tool input) makes "missing" exact; without it zod's message is used.
 */
export function describeZodError(toolName: string, error: z.ZodError, input?: unknown): string {
  const parts: string[] = [];
  for (const issue of error.issues) {
    const path = formatPath(issue.path);
    if (issue.code === 'invalid_type') {
      const hasInput = input !== undefined;
      const value = valueAt(input, issue.path);
      const missing = hasInput ? value === undefined : /received undefined/.test(issue.message);
      if (missing) {
        parts.push(`The required parameter \`${path}\` is missing`);
      } else {
        const received = hasInput ? receivedType(value) : (/received (\w+)/.exec(issue.message)?.[1] ?? 'unknown');
        parts.push(`The parameter \`${path}\` type is expected as \`${issue.expected}\` but provided as \`${received}\``);
      }
    } else if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        parts.push(`An unexpected parameter \`${path === '' ? key : `${path}.${key}`}\` was provided`);
      }
    } else {
      parts.push(path === '' ? issue.message : `The parameter \`${path}\` is invalid: ${issue.message}`);
    }
  }
  if (parts.length === 0) return `${toolName} failed due to invalid input`;
  return `${toolName} failed due to the following ${parts.length > 1 ? 'issues' : 'issue'}:\n${parts.join('\n')}`;
}

/** PL2: the schema failure as the model sees it. */
export function formatZodError(toolName: string, error: z.ZodError, input?: unknown): string {
  return toolUseError(`InputValidationError: ${describeZodError(toolName, error, input)}`);
}

/** A Node errno-style code (`ENOENT`, `ERR_…`); anything else could carry user data. */
const ERRNO_CODE = /^[A-Z][A-Z0-9_]{1,39}$/;

/**
 * PL8 / seed 4.4, in this order: TelemetrySafeError → its telemetryMessage; Error with an errno code →
 * `Error:ENOENT`; Error whose name is longer than 3 chars (not minified) → the name; other Error →
 * 'Error'; anything else → 'UnknownError'.
 */
export function classifyToolError(err: unknown): string {
  if (err instanceof TelemetrySafeError) return err.telemetryMessage.slice(0, 200);
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && ERRNO_CODE.test(code)) return `Error:${code}`;
    if (typeof err.name === 'string' && err.name.length > 3) return err.name.slice(0, 60);
    return 'Error';
  }
  return 'UnknownError';
}
