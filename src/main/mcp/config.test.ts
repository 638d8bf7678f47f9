import { describe, expect, it } from 'vitest';
import { parseMcpServers, parseServerConfig } from './config';

describe('parseServerConfig (MC5: Claude Code server entries)', () => {
  it.each([
    ['stdio by default', { command: 'node', args: ['s.js'], env: { A: '1' } }, { type: 'stdio', command: 'node', args: ['s.js'], env: { A: '1' } }],
    ['stdio without args or env', { type: 'stdio', command: 'npx' }, { type: 'stdio', command: 'npx', args: [], env: {} }],
    ['http', { type: 'http', url: 'https://x/mcp', headers: { Authorization: 'Bearer t' } }, { type: 'http', url: 'https://x/mcp', headers: { Authorization: 'Bearer t' } }],
    ['a url without type is http', { url: 'https://x/mcp' }, { type: 'http', url: 'https://x/mcp', headers: {} }],
    ['sse', { type: 'sse', url: 'https://x/sse' }, { type: 'sse', url: 'https://x/sse', headers: {} }],
    ['ws', { type: 'ws', url: 'ws://x' }, { type: 'ws', url: 'ws://x', headers: {} }],
    ['no command', { args: [] }, 'needs a "command" (the program to start)'],
    ['args not strings', { command: 'x', args: [1] }, '"args" must be a list of strings'],
    ['env not strings', { command: 'x', env: { A: 1 } }, '"env".A must be a string'],
    ['http without url', { type: 'http' }, 'needs a "url" (type http)'],
    ['unknown type', { type: 'carrier-pigeon', url: 'x' }, 'unknown "type" "carrier-pigeon" (expected stdio, sse, http or ws)'],
    ['not an object', 'node', 'must be an object'],
    [
      'http with Claude Code’s oauth block',
      { type: 'http', url: 'https://x/mcp', oauth: { clientId: ' app-1 ', callbackPort: 3118, authServerMetadataUrl: 'https://login.x/.well-known/openid-configuration', scopes: 'read write' } },
      { type: 'http', url: 'https://x/mcp', headers: {}, oauth: { clientId: 'app-1', callbackPort: 3118, authServerMetadataUrl: 'https://login.x/.well-known/openid-configuration', scopes: 'read write' } },
    ],
    ['sse with an empty oauth block', { type: 'sse', url: 'https://x/sse', oauth: {} }, { type: 'sse', url: 'https://x/sse', headers: {}, oauth: {} }],
    ['oauth not an object', { url: 'https://x/mcp', oauth: 'yes' }, '"oauth" must be an object'],
    ['callbackPort out of range', { url: 'https://x/mcp', oauth: { callbackPort: 70000 } }, '"oauth.callbackPort" must be a port number (1–65535)'],
    ['callbackPort a string', { url: 'https://x/mcp', oauth: { callbackPort: '3118' } }, '"oauth.callbackPort" must be a port number (1–65535)'],
    ['metadata over plain http', { url: 'https://x/mcp', oauth: { authServerMetadataUrl: 'http://x/meta' } }, '"oauth.authServerMetadataUrl" must be an https:// address'],
    ['empty clientId', { url: 'https://x/mcp', oauth: { clientId: '' } }, '"oauth.clientId" must be a non-empty string'],
    ['empty scopes', { url: 'https://x/mcp', oauth: { scopes: ' ' } }, '"oauth.scopes" must be a space-separated string of scopes'],
  ])('%s', (_name, raw, expected) => {
    expect(parseServerConfig(raw)).toEqual(expected);
  });
});

describe('parseMcpServers (MC5)', () => {
  const env = { TOKEN: 't0k', HOME: '/h' };
  it('expands ${VAR} and ${VAR:-default} in command, args, env, url and headers (MC5)', () => {
    const r = parseMcpServers(
      {
        a: { command: '${HOME}/bin/srv', args: ['--port', '${PORT:-9}'], env: { KEY: '${TOKEN}' } },
        b: { type: 'http', url: 'https://${HOST:-h.example}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
      },
      { file: '/p/.mcp.json', scope: 'project', env },
    );
    expect(r.warnings).toEqual([]);
    expect(r.servers.map((s) => s.config)).toEqual([
      { type: 'stdio', command: '/h/bin/srv', args: ['--port', '9'], env: { KEY: 't0k' } },
      { type: 'http', url: 'https://h.example/mcp', headers: { Authorization: 'Bearer t0k' } },
    ]);
    expect(r.servers.map((s) => [s.name, s.scope, s.file])).toEqual([
      ['a', 'project', '/p/.mcp.json'],
      ['b', 'project', '/p/.mcp.json'],
    ]);
  });

  it('a broken server is a warning naming its file and name; the others still load (MC5)', () => {
    const r = parseMcpServers({ bad: { type: 'http' }, good: { command: 'node' } }, { file: '/p/.mcp.json', scope: 'project', env });
    expect(r.servers.map((s) => s.name)).toEqual(['good']);
    expect(r.warnings).toEqual(['/p/.mcp.json: MCP server "bad" needs a "url" (type http); this server is left out.']);
  });

  it('an unset variable without default is named in a warning, the server kept (MC5)', () => {
    const r = parseMcpServers({ s: { command: 'x', args: ['${MISSING}'] } }, { file: 'f', scope: 'user', env });
    expect(r.servers).toHaveLength(1);
    expect(r.warnings).toEqual(['f: MCP server "s" uses ${MISSING}, which is not set.']);
  });

  it('mcpServers that is not an object is one warning (MC5)', () => {
    expect(parseMcpServers([], { file: 'f', scope: 'user', env })).toEqual({ servers: [], warnings: ['f: "mcpServers" must be an object of servers by name; ignored.'] });
  });
});
