// PL2 schema-error text and PL8 telemetry-safe classification, table-driven.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classifyToolError, describeZodError, formatZodError, isToolErrorCode, TelemetrySafeError, ToolError, TOOL_ERROR_CODES, toolUseError } from './errors';

const readSchema = z.strictObject({
  file_path: z.string(),
  offset: z.number().int().optional(),
  limit: z.number().int().min(1).optional(),
  mode: z.enum(['a', 'b']).optional(),
  nested: z.object({ deep: z.string() }).optional(),
});

function zodError(input: unknown): z.ZodError {
  const r = readSchema.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return r.error;
}

describe('formatZodError (PL2)', () => {
  it('PL2 a missing required parameter, wrapped in <tool_use_error>', () => {
    const input = {};
    expect(formatZodError('Read', zodError(input), input)).toBe(
      '<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>',
    );
  });

  const cases: Array<[string, unknown, string[]]> = [
    ['wrong type', { file_path: 5 }, ['The parameter `file_path` type is expected as `string` but provided as `number`']],
    ['null value', { file_path: null }, ['The parameter `file_path` type is expected as `string` but provided as `null`']],
    ['unexpected key', { file_path: 'a', colour: 'red' }, ['An unexpected parameter `colour` was provided']],
    ['too small', { file_path: 'a', limit: 0 }, ['The parameter `limit` is invalid: Too small: expected number to be >=1']],
    ['bad enum', { file_path: 'a', mode: 'c' }, ['The parameter `mode` is invalid: Invalid option: expected one of "a"|"b"']],
    ['nested missing', { file_path: 'a', nested: {} }, ['The required parameter `nested.deep` is missing']],
    [
      'several issues',
      { offset: 'x', extra: 1 },
      [
        'The required parameter `file_path` is missing',
        'The parameter `offset` type is expected as `number` but provided as `string`',
        'An unexpected parameter `extra` was provided',
      ],
    ],
  ];
  it.each(cases)('PL2 %s', (_label, input, lines) => {
    const text = describeZodError('Read', zodError(input), input);
    const head = `Read failed due to the following ${lines.length > 1 ? 'issues' : 'issue'}:`;
    expect(text.split('\n')[0]).toBe(head);
    expect(text.split('\n').slice(1).sort()).toEqual([...lines].sort());
  });

  it('PL2 without the raw input it falls back on zod’s message to spot a missing parameter', () => {
    expect(describeZodError('Read', zodError({}))).toContain('The required parameter `file_path` is missing');
    expect(describeZodError('Read', zodError({ file_path: 1 }))).toContain('provided as `number`');
  });

  it('PL2 a non-object input is reported, not crashed on', () => {
    const text = formatZodError('Read', zodError('just a string'), 'just a string');
    expect(text.startsWith('<tool_use_error>InputValidationError: Read failed')).toBe(true);
  });
});

describe('classifyToolError (PL8)', () => {
  class McpToolCallError extends Error {
    override name = 'McpToolCallError';
  }
  class Min extends Error {
    override name = 'nJT';
  }
  const enoent = Object.assign(new Error("ENOENT: no such file or directory, open '/home/me/secret.txt'"), { code: 'ENOENT' });
  const eacces = Object.assign(new Error('EACCES: permission denied /etc/shadow'), { code: 'EACCES' });
  const pathCode = Object.assign(new Error('x'), { code: '/home/me/file' });
  const cases: Array<[string, unknown, string]> = [
    ['TelemetrySafeError → telemetryMessage', new TelemetrySafeError('failed reading /home/me/x', 'read failed'), 'read failed'],
    ['errno ENOENT', enoent, 'Error:ENOENT'],
    ['errno EACCES', eacces, 'Error:EACCES'],
    ['a code that is not errno-shaped is ignored', pathCode, 'Error'],
    ['a meaningful error name', new McpToolCallError('boom at /tmp/x'), 'McpToolCallError'],
    ['TypeError (name > 3 chars)', new TypeError('x is not a function'), 'TypeError'],
    ['a minified 3-char name', new Min('secret'), 'Error'],
    ['a plain Error', new Error('/home/me/secret'), 'Error'],
    ['a string', 'oops', 'UnknownError'],
    ['undefined', undefined, 'UnknownError'],
    ['a plain object', { message: 'x' }, 'UnknownError'],
  ];
  it.each(cases)('PL8 %s', (_label, err, expected) => expect(classifyToolError(err)).toBe(expected));

  it('PL8 never returns the message of a plain error (no paths leak)', () => {
    for (const [, err] of cases) expect(classifyToolError(err)).not.toMatch(/\/home|\/etc|\/tmp|secret/);
  });
});

describe('error vocabulary', () => {
  it('PL8 ToolError carries a code from the vocabulary', () => {
    const err = new ToolError('timeout', 'Command timed out after 120000ms');
    expect(err.code).toBe('timeout');
    expect(err).toBeInstanceOf(Error);
    expect(classifyToolError(err)).toBe('ToolError');
  });
  it('has the codes the pipeline needs', () => {
    for (const code of ['unknown_tool', 'invalid_input', 'validation_failed', 'permission_denied', 'cancelled', 'timeout', 'execution_failed', 'result_too_large', 'hook_blocked']) {
      expect(isToolErrorCode(code)).toBe(true);
    }
    expect(isToolErrorCode('nope')).toBe(false);
    expect(new Set(TOOL_ERROR_CODES).size).toBe(TOOL_ERROR_CODES.length);
  });
  it('toolUseError wraps', () => expect(toolUseError('No such tool available: Foo')).toBe('<tool_use_error>No such tool available: Foo</tool_use_error>'));
});
