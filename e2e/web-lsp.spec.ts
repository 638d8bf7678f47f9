// The LSP tool in Chromium (TL): with a language server configured in the user's settings (`lspServers`,
// here the real typescript-language-server), the assistant looks up the references to a function and
// its type; the cards say what was found in words ("Found 3 references to “greet”") with the places
// under each file, and the model reads 1-based, project-relative lines.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { ask, resultText, say, toolResults, useTool } from './tool-helpers';

const repo = path.resolve(__dirname, '..');
const home = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-e2e-home-'));
mkdirSync(path.join(home, '.claude'));
writeFileSync(
  path.join(home, '.claude', 'settings.json'),
  JSON.stringify({
    lspServers: {
      typescript: {
        command: path.join(repo, 'node_modules/.bin/typescript-language-server'),
        args: ['--stdio'],
        extensionToLanguage: { '.ts': 'typescript' },
        initializationOptions: { tsserver: { path: path.join(repo, 'node_modules/typescript/lib/tsserver.js'), useSyntaxServer: 'never' } },
      },
    },
  }),
);
test.afterAll(() => rm(home, { recursive: true, force: true }));

test.describe('code lookups through a language server in Chromium (TL)', () => {
  test.use({ webOptions: { apiKey: 'test-key', env: { HOME: home } } });

  test('TL the assistant finds the references to greet and its type; the cards say what was found', async ({ page, webApp }) => {
    const put = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(webApp.projectDir, rel)), { recursive: true });
      writeFileSync(path.join(webApp.projectDir, rel), text);
    };
    put('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }));
    put('src/greet.ts', '/** Says hello to someone. */\nexport function greet(name: string): string {\n  return `Hello, ${name}`;\n}\n');
    put('src/main.ts', "import { greet } from './greet';\n\nexport function main(): void {\n  console.log(greet('Ada'));\n}\n");
    webApp.fake.push(
      { content: [useTool('ToolSearch', { query: 'select:LSP' })] },
      { content: [{ type: 'text', text: 'Let me see where greet is used.' }, useTool('LSP', { operation: 'findReferences', filePath: 'src/greet.ts', line: 2, character: 17 })] },
      { content: [useTool('LSP', { operation: 'hover', filePath: 'src/main.ts', line: 4, character: 15 })] },
      say('greet is used once, in main.'),
    );
    await page.goto(webApp.url);
    await ask(page, 'Where is greet used?');

    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('greet is used once, in main.', { timeout: 60_000 });
    const refs = page.getByRole('article', { name: /Found 3 references to “greet”/ });
    await expect(refs).toContainText('At src/greet.ts, line 2, column 17');
    await expect(refs).toContainText('answered by the typescript language server');
    await expect(refs).toContainText('src/main.ts');
    await expect(refs).toContainText('Line 4, column 15');
    const hover = page.getByRole('article', { name: /Type information for “greet”/ });
    await expect(hover).toContainText('greet(name: string): string');
    await expect(hover).toContainText('Says hello to someone.');

    const sent = toolResults(webApp.fake.requests.at(-2)!).map(resultText).join('\n');
    expect(sent).toContain('Found 3 references across 2 files:');
    expect(sent).toContain('src/main.ts:\n  Line 1:10\n  Line 4:15');
    await refs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('lsp-references') });
  });
});

test.describe('a folder’s own language servers wait for its trust (PX4)', () => {
  test.use({ webOptions: { apiKey: 'test-key', trustFolder: false } });

  test('PX4 the trust question lists the language server the folder would start; untrusted, the assistant is not offered LSP; trusted, it is', async ({ page, webApp }) => {
    mkdirSync(path.join(webApp.projectDir, '.claude'), { recursive: true });
    writeFileSync(
      path.join(webApp.projectDir, '.claude', 'settings.json'),
      JSON.stringify({ lspServers: { python: { command: 'pyright-langserver', args: ['--stdio'], extensionToLanguage: { '.py': 'python' } } } }),
    );
    await page.goto(webApp.url);
    const dialog = page.getByRole('dialog', { name: /Do you trust the folder/ });
    const servers = dialog.getByRole('region', { name: 'Language servers it would start (to look up code for the assistant)' });
    await expect(servers).toContainText('python: pyright-langserver --stdio');
    await expect(servers).toContainText('from .claude/settings.json');
    await page.screenshot({ path: screenshotPath('lsp-trust') });

    await dialog.getByRole('button', { name: 'Open without its settings' }).click();
    webApp.fake.push(say('Hello.'));
    await ask(page, 'hello');
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Hello.');
    expect(JSON.stringify(webApp.fake.requests.at(-1)!.body)).not.toContain('LSP');

    await page.reload();
    await dialog.getByRole('button', { name: 'Trust this folder' }).click();
    await page.getByRole('button', { name: 'New session' }).click();
    webApp.fake.push(say('Hello again.'));
    await ask(page, 'hello again');
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Hello again.');
    expect(JSON.stringify(webApp.fake.requests.at(-1)!.body)).toContain('LSP');
  });
});
