// End-to-end file tools through the real web host (`agent-desk serve`) in Chromium: the scripted fake
// model asks for Read, Edit, Grep and Glob, which run for real on the temp project. Grouped reads
// (UI1), diff-first approval (DK4), the Edit diff in the transcript and in the Changes pane (UI2),
// grouped searches; screenshots for a person to look at.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, openChangedFile, resultText, say, toolResults, useTool } from './tool-helpers';

const use = useTool;

const ui = (page: Page) => ({
  message: page.getByRole('textbox', { name: 'Message' }),
  send: page.getByRole('button', { name: 'Send' }),
  transcript: page.getByRole('log', { name: 'Transcript' }),
  status: page.getByRole('status', { name: 'Session status' }),
  anyDialog: page.getByRole('dialog'),
});

async function put(dir: string, rel: string, content: string): Promise<string> {
  const abs = path.join(dir, rel);
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, content);
  return abs;
}

const APP_TS = [
  "import { readFileSync } from 'node:fs';",
  '',
  '/** Greets someone by name. */',
  'export function greet(name: string): string {',
  '  return `Hello, ${name}!`;',
  '}',
  '',
  'export const VERSION = 1;',
  '',
].join('\n');

test.describe('file tools in Chromium', () => {
  test('UI1: five Reads in one reply fold into one line "Read 5 files" that opens to five cards', async ({ page, webApp }) => {
    const names = ['alpha.ts', 'beta.ts', 'gamma.json', 'delta.md', 'epsilon.py'];
    const contents: Record<string, string> = {
      'alpha.ts': 'export const alpha = 1;\n',
      'beta.ts': 'export function beta(): number {\n  return 2;\n}\n',
      'gamma.json': '{\n  "gamma": 3\n}\n',
      'delta.md': '# Delta\n\nFour.\n',
      'epsilon.py': 'def epsilon():\n    return 5\n',
    };
    const files = await Promise.all(names.map((n) => put(webApp.projectDir, `src/${n}`, contents[n]!)));
    webApp.fake.push({ content: [{ type: 'text', text: 'Let me look at the sources.' }, ...files.map((f) => use('Read', { file_path: f }))] }, say('I have read all five files.'));
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Read the sources');

    await expect(u.transcript).toContainText('I have read all five files.');
    // Reads inside the project never ask.
    await expect(u.anyDialog).toHaveCount(0);
    const group = page.getByRole('group', { name: /^Read 5 files/ });
    await expect(group).toBeVisible();
    await expect(group).toHaveAccessibleName('Read 5 files: alpha.ts, beta.ts, gamma.json, …');
    await expect(group).toHaveAttribute('data-state', 'succeeded');
    await expect(group.getByRole('article')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('files-grouped-reads') });

    await group.getByRole('button', { name: /^Read 5 files/ }).click();
    const cards = group.getByRole('article');
    await expect(cards).toHaveCount(5);
    for (const [i, n] of names.entries()) {
      // Paths relative to the project; what was read in words.
      await expect(cards.nth(i)).toHaveAccessibleName(`Read src/${n}`);
      await expect(cards.nth(i)).toContainText(`Read src/${n}`);
    }
    await expect(cards.nth(1)).toContainText('The whole file (3 lines)');
    // The content, numbered and highlighted (tokens arrive once the grammar has loaded).
    const beta = cards.nth(1).getByRole('figure', { name: 'Content of src/beta.ts' });
    await expect(beta).toContainText('export function beta(): number {');
    await expect(beta.locator('.hl-t').first()).toBeVisible();
    await page.screenshot({ path: screenshotPath('files-grouped-reads-open') });

    const [, second] = await webApp.fake.waitForRequests(2);
    const results = toolResults(second!);
    expect(results).toHaveLength(5);
    expect(resultText(results[0]!)).toContain('export const alpha = 1;');
  });

  test('DK4 UI2: an Edit asks with its diff first; after "Allow once" the diff is in the transcript and the Changes pane, and the file changed', async ({ page, webApp }) => {
    const file = await put(webApp.projectDir, 'src/app.ts', APP_TS);
    webApp.fake.push(
      { content: [{ type: 'text', text: 'First I read the file.' }, use('Read', { file_path: file })] },
      {
        content: [
          { type: 'text', text: 'Now I change the greeting.' },
          use('Edit', { file_path: file, old_string: '  return `Hello, ${name}!`;', new_string: '  const greeting = `Hello, ${name}! Welcome back.`;\n  return greeting;' }),
        ],
      },
      say('The greeting now welcomes people back.'),
    );
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Make the greeting friendlier');

    // The dialog says what will change in plain words, and shows the diff before anything is written.
    const dialog = page.getByRole('dialog', { name: 'Allow Agent Desk to change a file?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Change 2 lines in src/app.ts');
    await expect(dialog).toContainText('Nothing has been written yet.');
    const proposed = dialog.getByRole('figure', { name: 'Proposed changes to src/app.ts' });
    await expect(proposed).toContainText('Removed: return `Hello, ${name}!`;');
    await expect(proposed).toContainText('Added: const greeting = `Hello, ${name}! Welcome back.`;');
    await expect(proposed).toContainText('Lines 2–9');
    expect(await readFile(file, 'utf8')).toBe(APP_TS);
    await expect(proposed.locator('.hl-t').first()).toBeVisible();
    await page.screenshot({ path: screenshotPath('files-edit-approval') });

    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await expect(u.anyDialog).toHaveCount(0);
    await expect(u.transcript).toContainText('The greeting now welcomes people back.');
    expect(await readFile(file, 'utf8')).toBe(APP_TS.replace('  return `Hello, ${name}!`;', '  const greeting = `Hello, ${name}! Welcome back.`;\n  return greeting;'));

    // The transcript: the Edit card with its diff, old and new line numbers.
    const card = page.getByRole('article', { name: 'Edit src/app.ts' });
    await expect(card.getByTestId('tool-call-state')).toHaveText('Done');
    await expect(card).toContainText('Changed 2 lines');
    const diff = card.getByRole('figure', { name: 'Changes to src/app.ts' });
    await expect(diff).toHaveAttribute('data-mode', 'unified');
    const removed = diff.locator('tr.diff__row--del');
    await expect(removed).toHaveCount(1);
    await expect(removed.locator('td').nth(0)).toHaveText('5');
    const added = diff.locator('tr.diff__row--add');
    await expect(added).toHaveCount(2);
    await expect(added.nth(0).locator('td').nth(1)).toHaveText('5');
    await expect(added.nth(1).locator('td').nth(1)).toHaveText('6');
    await expect(diff.locator('.hl-t').first()).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('files-edit-diff-unified') });

    await diff.getByRole('button', { name: 'Side by side' }).click();
    await expect(diff).toHaveAttribute('data-mode', 'split');
    await expect(diff.getByRole('button', { name: 'Side by side' })).toHaveAttribute('aria-pressed', 'true');
    // The removed line sits beside the line that replaced it.
    const pair = diff.locator('tr', { has: page.locator('.diff__cell--del') });
    await expect(pair).toHaveCount(1);
    await expect(pair.locator('.diff__cell--add.diff__code')).toContainText('const greeting');
    await page.screenshot({ path: screenshotPath('files-edit-diff-side-by-side') });

    // The Changes pane lists the file with its cumulative diff.
    const open = page.getByRole('button', { name: 'Changes (1)' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    const { pane, diff: paneDiff } = await openChangedFile(page, 'src/app.ts', '2 lines added, 1 line removed');
    await expect(paneDiff).toContainText('Welcome back.');
    await expect(paneDiff.locator('tr.diff__row--add')).toHaveCount(2);
    await page.screenshot({ path: screenshotPath('files-changes-pane') });
    // The same in the dark theme: red and green stay readable, code keeps its colours.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: screenshotPath('files-changes-pane-dark') });
    await page.emulateMedia({ colorScheme: 'light' });

    await pane.getByRole('button', { name: 'Close changes' }).click();
    await expect(pane).toHaveCount(0);
    await expect(open).toHaveAttribute('aria-expanded', 'false');

    const requests = await webApp.fake.waitForRequests(3);
    expect(resultText(toolResults(requests[2]!)[0]!)).toContain('has been updated');
  });

  test('UI1 PX2: a Grep and a Glob in one reply fold into "Ran 2 searches", said in words; results show files and matching lines', async ({ page, webApp }) => {
    await put(webApp.projectDir, 'src/one.ts', 'export const a = 1;\n// TODO: remove this\nexport const b = 2;\n');
    await put(webApp.projectDir, 'src/two.ts', 'const x = 0;\n// TODO: and this\n');
    await put(webApp.projectDir, 'lib/three.js', 'module.exports = {};\n');
    webApp.fake.push(
      {
        content: [
          { type: 'text', text: 'Searching the code.' },
          use('Grep', { pattern: 'TODO', output_mode: 'content', '-n': true }),
          use('Glob', { pattern: '**/*.ts' }),
        ],
      },
      say('Two TODOs in two TypeScript files.'),
    );
    const u = ui(page);
    await page.goto(webApp.url);
    await ask(page, 'Find the TODOs');
    await expect(u.transcript).toContainText('Two TODOs in two TypeScript files.');
    const group = page.getByRole('group', { name: /^Ran 2 searches/ });
    await expect(group).toBeVisible();
    await expect(group).toHaveAccessibleName('Ran 2 searches: “TODO”, TypeScript files');
    await group.getByRole('button', { name: /^Ran 2 searches/ }).click();
    const grep = group.getByRole('article', { name: 'Searched for “TODO”' });
    await expect(grep).toContainText('2 matching lines in 2 files');
    await expect(grep.locator('.search-file')).toHaveCount(2);
    await expect(grep.locator('.search-file').first()).toContainText('src/one.ts');
    await expect(grep.locator('.search-file mark').first()).toHaveText('TODO');
    const glob = group.getByRole('article', { name: 'Looked for TypeScript files' });
    await expect(glob).toContainText('2 files');
    await expect(glob.getByRole('list', { name: 'Files found' })).toContainText('src/one.ts');
    // No pattern syntax by default; the exact search is one click away.
    await expect(glob).not.toContainText('**/*.ts');
    await page.screenshot({ path: screenshotPath('files-grouped-searches') });
    const exact = glob.getByRole('button', { name: 'Show the exact search' });
    await expect(exact).toHaveAttribute('aria-expanded', 'false');
    await exact.click();
    await expect(glob.getByRole('button', { name: 'Hide the exact search' })).toHaveAttribute('aria-expanded', 'true');
    await expect(glob).toContainText('pattern**/*.ts');
    await glob.screenshot({ path: screenshotPath('glob-card-exact-search') });
    await grep.screenshot({ path: screenshotPath('grep-card') });
  });
});
