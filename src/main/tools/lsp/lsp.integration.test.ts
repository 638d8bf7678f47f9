// The LSP tool against a REAL language server (typescript-language-server over the repo's typescript) on a
// small TS project in a temp folder: goToDefinition, findReferences, hover, documentSymbol and the call
// hierarchy through the real pipeline, a denied file refused before any server sees it, and the server
// stopped with the app.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../process/kill-tree';
import { createLanguageServers, type LanguageServers } from '../../lsp/manager';
import type { LspServers } from '../../settings/lsp-settings';
import { fileProject, type FileProject } from '../fs-common/test-support';
import { createRunToolUse } from '../pipeline/run-tool-use';
import { harness, scriptedPrompter, silentLog, toolUse } from '../pipeline/test-helpers';
import type { RuleSet } from '../../permissions/types';
import { LspTool } from './lsp.tool';

const repo = path.resolve(__dirname, '../../../..');
const tsServer = (dir: string): LspServers => ({
  typescript: {
    name: 'typescript',
    file: path.join(dir, '.claude/settings.json'),
    command: path.join(repo, 'node_modules/.bin/typescript-language-server'),
    args: ['--stdio'],
    extensionToLanguage: { '.ts': 'typescript' },
    transport: 'stdio',
    env: {},
    // The syntax-only server would answer the first calls while the project loads, with local answers only.
    initializationOptions: { tsserver: { path: path.join(repo, 'node_modules/typescript/lib/tsserver.js'), useSyntaxServer: 'never' } },
    restartOnCrash: true,
    maxRestarts: 3,
  },
});

let fp: FileProject;
let servers: LanguageServers;
let pid: () => number | undefined;

beforeAll(() => {
  fp = fileProject();
  fp.put('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, target: 'es2022', module: 'commonjs' }, include: ['src'] }));
  fp.put(
    'src/greet.ts',
    ['/** Says hello to someone. */', 'export function greet(name: string): string {', '  return `Hello, ${name}`;', '}', '', 'export const shout = (name: string) => greet(name).toUpperCase();', ''].join('\n'),
  );
  fp.put('src/main.ts', ["import { greet } from './greet';", '', 'export function main(): void {', "  console.log(greet('Ada'));", "  console.log(greet('Linus'));", '}', ''].join('\n'));
  fp.put('src/secret.ts', ["import { greet } from './greet';", "export const s = greet('hidden');", ''].join('\n'));
  servers = createLanguageServers({
    projectDir: fp.dir,
    servers: () => tsServer(fp.dir),
    env: process.env,
    log: silentLog(),
    startupTimeoutMs: 60_000,
    requestTimeoutMs: 60_000,
    start: async (opts) => {
      const { startLanguageServer } = await import('../../lsp/client');
      const client = await startLanguageServer(opts);
      pid = () => client.pid;
      return client;
    },
  });
});

afterAll(async () => {
  await servers.dispose();
  fp.cleanup();
});

function setup(rules?: RuleSet, answers: Parameters<typeof scriptedPrompter>[0] = []) {
  const tools = [LspTool];
  const prompter = scriptedPrompter(answers);
  const h = harness({ tools, prompter, ...(rules ? { rules } : {}), ctx: { ...fp.ctx, tools, languageServers: servers } });
  return { h, prompter, run: createRunToolUse(h.deps) };
}
const live = () => new AbortController().signal;

describe('LSP tool with typescript-language-server (TL)', () => {
  it('TL goToDefinition from a call in main.ts lands on greet in greet.ts, 1-based', async () => {
    const { run } = setup();
    const out = await run(toolUse('d1', 'LSP', { operation: 'goToDefinition', filePath: 'src/main.ts', line: 4, character: 15 }), live(), () => undefined);
    expect(out.state).toBe('succeeded');
    expect(out.content).toBe('Defined in src/greet.ts:2:17');
  }, 90_000);

  it('TL findReferences lists every use of greet by file with line:column', async () => {
    const { run, h } = setup();
    const out = await run(toolUse('r1', 'LSP', { operation: 'findReferences', filePath: 'src/greet.ts', line: 2, character: 17 }), live(), () => undefined);
    expect(out.state).toBe('succeeded');
    const text = String(out.content);
    expect(text).toMatch(/^Found 7 references across 3 files:/);
    expect(text).toContain('src/main.ts:\n  Line 1:10\n  Line 4:15\n  Line 5:15');
    expect(text).toContain('src/greet.ts:\n  Line 2:17\n  Line 6:40');
    const view = h.views.filter((v) => v.id === 'r1').at(-1)!;
    expect(view.result?.data).toMatchObject({ operation: 'findReferences', symbol: 'greet', server: 'typescript' });
  }, 90_000);

  it('TL hover gives the signature and the doc comment', async () => {
    const { run } = setup();
    const out = await run(toolUse('h1', 'LSP', { operation: 'hover', filePath: 'src/greet.ts', line: 2, character: 17 }), live(), () => undefined);
    expect(out.state).toBe('succeeded');
    expect(out.content).toContain('Hover info at 2:17:');
    expect(out.content).toContain('function greet(name: string): string');
    expect(out.content).toContain('Says hello to someone.');
  }, 90_000);

  it('TL documentSymbol lists the file’s functions and constants', async () => {
    const { run } = setup();
    const out = await run(toolUse('s1', 'LSP', { operation: 'documentSymbol', filePath: 'src/greet.ts', line: 1, character: 1 }), live(), () => undefined);
    expect(out.state).toBe('succeeded');
    expect(out.content).toContain('greet (Function)');
    expect(out.content).toContain('- Line 2:17');
    expect(out.content).toContain('shout (');
  }, 90_000);

  it('TL incomingCalls names main as a caller of greet, with its call sites', async () => {
    const { run } = setup();
    const out = await run(toolUse('c1', 'LSP', { operation: 'incomingCalls', filePath: 'src/greet.ts', line: 2, character: 17 }), live(), () => undefined);
    expect(out.state).toBe('succeeded');
    expect(out.content).toMatch(/main \(Function\).* - Line 3:17 \[calls at 4:15, 5:15\]/);
  }, 90_000);

  it('TL a file changed on disk since the last call is sent again: a new use is found', async () => {
    const { run } = setup();
    fp.put('src/main.ts', ["import { greet } from './greet';", '', 'export function main(): void {', "  console.log(greet('Ada'));", "  console.log(greet('Linus'));", "  console.log(greet('Grace'));", '}', ''].join('\n'));
    const out = await run(toolUse('u1', 'LSP', { operation: 'findReferences', filePath: 'src/main.ts', line: 1, character: 10 }), live(), () => undefined);
    expect(out.content).toContain('src/main.ts:\n  Line 1:10\n  Line 4:15\n  Line 5:15\n  Line 6:15');
  }, 90_000);

  it('PL4 a Read deny rule refuses the file before any server sees it, and hides references inside denied files', async () => {
    const rules: RuleSet = { allow: [], deny: [{ rule: 'Read(src/secret.ts)', source: 'projectSettings' }], ask: [] };
    const { run, prompter } = setup(rules);
    const denied = await run(toolUse('x1', 'LSP', { operation: 'hover', filePath: 'src/secret.ts', line: 2, character: 16 }), live(), () => undefined);
    expect(denied.state).toBe('rejected');
    expect(denied.isError).toBe(true);
    expect(prompter.requests).toHaveLength(0);
    const refs = await run(toolUse('x2', 'LSP', { operation: 'findReferences', filePath: 'src/greet.ts', line: 2, character: 17 }), live(), () => undefined);
    expect(refs.state).toBe('succeeded');
    expect(refs.content).not.toContain('secret');
    expect(refs.content).toContain('(2 places in files your permission rules keep from being read were left out.)');
  }, 90_000);

  it('PX2 a file outside the project asks before it is looked up', async () => {
    const { run, prompter } = setup(undefined, [{ decision: 'deny' }]);
    const out = await run(toolUse('o1', 'LSP', { operation: 'hover', filePath: '/etc/hosts.ts', line: 1, character: 1 }), live(), () => undefined);
    expect(out.state).toBe('rejected');
    expect(prompter.requests).toHaveLength(1);
    expect(prompter.requests[0]!.message).toContain('outside the project folder');
  }, 90_000);

  it('TL the server is stopped with the app (dispose ends its process)', async () => {
    const id = pid?.();
    expect(id).toBeGreaterThan(0);
    expect(isProcessAlive(id!)).toBe(true);
    await servers.dispose();
    expect(isProcessAlive(id!)).toBe(false);
  }, 90_000);
});
