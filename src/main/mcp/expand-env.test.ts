import { describe, expect, it } from 'vitest';
import { expandEnv } from './expand-env';

describe('expandEnv (MC5: ${VAR} in MCP server configs)', () => {
  const env = { HOME: '/home/ann', EMPTY: '', TOKEN: 'abc' };
  it.each([
    ['plain text', 'node server.js', 'node server.js', []],
    ['a set variable', '${HOME}/bin', '/home/ann/bin', []],
    ['several in one string', 'Bearer ${TOKEN}@${HOME}', 'Bearer abc@/home/ann', []],
    ['a default when unset', '${PORT:-8080}', '8080', []],
    ['the value, not the default, when set', '${TOKEN:-x}', 'abc', []],
    ['an empty value counts as set', '${EMPTY:-x}', '', []],
    ['an empty default', '${NOPE:-}', '', []],
    ['an unset variable without default is reported', 'a${NOPE}b', 'ab', ['NOPE']],
    ['a lone $ is left alone', 'cost $5 ${', 'cost $5 ${', []],
  ])('%s', (_name, input, value, missing) => {
    expect(expandEnv(input, env)).toEqual({ value, missing });
  });
});
