// Issue 16 item 6 in Chromium over the real web host: a conversation of 400 messages saved on disk
// opens at its newest page (never one giant frame); "Show earlier messages" brings the pages before
// it, on top, until the first message is there; the saved file change of the first turn is in the
// Changes pane from the start, and its card waits for its page rather than floating at the bottom.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sessionsDir } from '../src/main/base/data-paths';
import { expect, screenshotPath, test } from './fixtures';

const TURNS = 200;

function sessionFile(projectDir: string): string {
  const lines: unknown[] = [{ type: 'meta', version: 1, id: 'long1', projectDir, createdAt: 1_000, title: 'A long conversation' }];
  const file = path.join(projectDir, 'notes.txt');
  for (let i = 0; i < TURNS; i++) {
    lines.push({ type: 'message', message: { id: `u${i}`, role: 'user', content: [{ type: 'text', text: `Question number ${i}` }], createdAt: 2_000 + i } });
    if (i === 0) {
      lines.push({ type: 'message', message: { id: 'a0', role: 'assistant', content: [{ type: 'tool_use', id: 'tw0', name: 'Write', input: { file_path: file, content: 'first notes\n' } }], createdAt: 2_000 } });
      lines.push({ type: 'message', message: { id: 'r0', role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tw0', content: 'File created successfully' }], createdAt: 2_000 } });
      lines.push({
        type: 'tool_call',
        call: { id: 'tw0', name: 'Write', userFacingName: 'Write', kind: 'edit', messageId: 'a0', input: { file_path: file, content: 'first notes\n' }, state: 'succeeded', summary: 'notes.txt', startedAt: 2_000, endedAt: 2_001, result: { text: 'File created successfully', isError: false, data: { type: 'create', filePath: file, content: 'first notes\n', originalFile: null, structuredPatch: [] } } },
      });
    }
    lines.push({ type: 'message', message: { id: `b${i}`, role: 'assistant', content: [{ type: 'text', text: `Answer number ${i}` }], createdAt: 2_000 + i } });
  }
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

test('issue 16 item 6: a long conversation opens at its newest page; earlier pages come on request', async ({ page, webApp }) => {
  const dir = sessionsDir(webApp.dataDir, webApp.projectDir);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'long1.jsonl'), sessionFile(webApp.projectDir));
  await writeFile(path.join(webApp.projectDir, 'notes.txt'), 'first notes\n');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(webApp.url);
  await page.getByRole('list', { name: 'Sessions' }).getByRole('button').first().click();
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText(`Answer number ${TURNS - 1}`);
  await expect(transcript).not.toContainText('Question number 0');
  // The first turn's file change is known at once; its card is not shown out of place.
  await expect(page.getByRole('button', { name: 'Changes (1)' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Create notes.txt' })).toHaveCount(0);

  const more = transcript.getByRole('button', { name: 'Show earlier messages' });
  await more.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('long-session-earlier-button') });
  while (await more.count()) await more.click();
  await expect(transcript).toContainText('Question number 0');
  await expect(page.getByRole('article', { name: 'Create notes.txt' })).toHaveCount(1);
  await expect(transcript.getByText(/^Question number \d+$/)).toHaveCount(TURNS);
});
