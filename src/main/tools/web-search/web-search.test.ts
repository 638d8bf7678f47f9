// WebSearch (TL) against the fake Messages API with a scripted server-tool reply, through the engine's
// real side request (model access, client, SSE): the request sent, the hits and commentary read back,
// and Claude Code's result text.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer, type ScriptedReply } from '../../../../test/fake-model/server';
import { createSideQuery } from '../../engine/tools/side-query';
import { createModelAccess } from '../../model/access';
import type { CanUseTool } from '../core/tool';
import { tempProject } from '../core/test-project';
import { createWebSearchTool } from './web-search.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let server: FakeModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const hit = (title: string, url: string) => ({ type: 'web_search_result', title, url, encrypted_content: 'enc', page_age: null });

const SEARCHED: ScriptedReply = {
  content: [
    { type: 'text', text: "I'll search for that." },
    { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'vitest 4 release' } },
    { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [hit('Vitest 4.0 is out!', 'https://vitest.dev/blog/vitest-4'), hit('Releases · vitest-dev/vitest', 'https://github.com/vitest-dev/vitest/releases')] },
    { type: 'text', text: 'Vitest 4 was released ' },
    { type: 'text', text: 'in October 2025.' },
  ],
  chunkSize: 6,
};

async function setup(replies: ScriptedReply[], env: Record<string, string> = {}) {
  server = await startFakeModelServer({ replies });
  const model = createModelAccess({ env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-session', ...env }, settings: () => ({}), canStoreKey: false });
  const project = tempProject();
  const ctx = { ...project.ctx, sideQuery: createSideQuery({ model, envs: () => [env] }) };
  const tool = createWebSearchTool();
  const run = async (raw: Record<string, unknown>) => {
    const input = tool.inputSchema().parse(raw);
    const valid = await tool.validateInput!(input, ctx);
    if (!valid.result) return { error: valid.message };
    try {
      const { data } = await tool.call(input, ctx, allow, 'm', () => undefined);
      return { data, text: String(tool.mapResult(data, 't').content) };
    } catch (e) {
      return { error: (e as Error).message };
    } finally {
      project.cleanup();
    }
  };
  return { run, server };
}

describe('WebSearch (TL)', () => {
  it('TL one request with the server-side web search tool, on the session’s model; hits and commentary in order', async () => {
    const { run, server } = await setup([SEARCHED], { ANTHROPIC_DEFAULT_HAIKU_MODEL: 'claude-small' });
    const r = await run({ query: 'vitest 4 release', allowed_domains: ['vitest.dev', 'github.com'] });
    const [req] = await server.waitForRequests(1);
    expect(req!.body).toMatchObject({
      model: 'claude-session',
      system: 'You are an assistant for performing a web search tool use',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Perform a web search for the query: vitest 4 release' }] }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 8, allowed_domains: ['vitest.dev', 'github.com'] }],
    });
    expect(req!.body.tools[0]).not.toHaveProperty('blocked_domains');
    expect(r.data!.results).toEqual([
      "I'll search for that.",
      {
        tool_use_id: 'srvtoolu_1',
        content: [
          { title: 'Vitest 4.0 is out!', url: 'https://vitest.dev/blog/vitest-4' },
          { title: 'Releases · vitest-dev/vitest', url: 'https://github.com/vitest-dev/vitest/releases' },
        ],
      },
      'Vitest 4 was released in October 2025.',
    ]);
    expect(r.text).toBe(
      'Web search results for query: "vitest 4 release"\n\n' +
        "I'll search for that.\n\n" +
        'Links: [{"title":"Vitest 4.0 is out!","url":"https://vitest.dev/blog/vitest-4"},{"title":"Releases · vitest-dev/vitest","url":"https://github.com/vitest-dev/vitest/releases"}]\n\n' +
        'Vitest 4 was released in October 2025.\n\n\n' +
        'REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.',
    );
  });

  it('TL blocked_domains go to the server tool; a search error and a search with no hits are said so', async () => {
    const { run, server } = await setup([
      {
        content: [
          { type: 'server_tool_use', id: 'srvtoolu_a', name: 'web_search', input: { query: 'x' } },
          { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_a', content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } },
          { type: 'server_tool_use', id: 'srvtoolu_b', name: 'web_search', input: { query: 'y' } },
          { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_b', content: [] },
        ],
      },
    ]);
    const r = await run({ query: 'nothing here', blocked_domains: ['spam.example'] });
    expect((await server.waitForRequests(1))[0]!.body.tools[0]).toEqual({ type: 'web_search_20250305', name: 'web_search', max_uses: 8, blocked_domains: ['spam.example'] });
    expect(r.data!.results).toEqual(['Web search error: max_uses_exceeded', { tool_use_id: 'srvtoolu_b', content: [] }]);
    expect(r.text).toContain('Web search error: max_uses_exceeded\n\nNo links found.\n\n');
  });

  it('TL both allowed and blocked domains, or a one-letter query: refused before any request', async () => {
    const { run, server } = await setup([]);
    expect(await run({ query: 'abc', allowed_domains: ['a.com'], blocked_domains: ['b.com'] })).toEqual({
      error: 'Error: Cannot specify both allowed_domains and blocked_domains in the same request',
    });
    expect(() => createWebSearchTool().inputSchema().parse({ query: 'a' })).toThrow();
    expect(server.requests).toHaveLength(0);
  });

  it('TL the model’s failure is the call’s error', async () => {
    const { run } = await setup([{ error: { status: 400, type: 'invalid_request_error', message: 'web search is not enabled for this organization' } }]);
    const r = await run({ query: 'anything' });
    expect(r.error).toContain('web search is not enabled for this organization');
  });

  it('TL never allowed by itself: the person is asked unless a rule allows WebSearch', async () => {
    const project = tempProject();
    const verdict = await createWebSearchTool().checkPermissions({ query: 'q' }, project.ctx);
    project.cleanup();
    expect(verdict).toEqual({ behavior: 'passthrough', message: 'WebSearch requires permission.', suggestions: ['WebSearch'] });
  });
});
