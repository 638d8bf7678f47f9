// The sandbox in Chromium (BA6, issue 15 items 1–2): with `sandbox.enabled`, a command runs without a
// prompt inside the box; a host it may not reach shows above the message box by command and host,
// and "Allow for this conversation" lets the next attempt through.
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, screenshotPath, test } from './fixtures';
import { ask, countDialogs, dialogsOpened, resultText, say, toolResults, useTool } from './tool-helpers';

test('BA6 a blocked host appears in the ledger, and allowing it for the conversation lets the next attempt through', async ({ page, webApp }) => {
  const server = http.createServer((_req, res) => res.end('hello from the host'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  try {
    await mkdir(path.join(webApp.projectDir, '.claude'), { recursive: true });
    await writeFile(path.join(webApp.projectDir, '.claude', 'settings.json'), JSON.stringify({ sandbox: { enabled: true } }));
    const command = `curl -sS -m 5 --noproxy '' http://127.0.0.1:${port}/`;
    webApp.fake.push(
      { content: [useTool('Bash', { command, description: 'Fetch the status page' })] },
      say('The sandbox blocked that address.'),
      { content: [useTool('Bash', { command, description: 'Fetch the status page again' })] },
      say('Now it worked.'),
    );
    await countDialogs(page);
    await page.goto(webApp.url);
    await ask(page, 'Fetch the status page');
    await expect(page.getByText('The sandbox blocked that address.')).toBeVisible();

    const blocked = page.getByRole('group', { name: 'Blocked connection to 127.0.0.1' });
    await expect(blocked).toContainText('tried to reach 127.0.0.1');
    await expect(blocked).toContainText('blocked by the sandbox');
    await page.screenshot({ path: screenshotPath('sandbox-blocked-host') });
    // Nothing asked: the command ran in the box.
    expect(await dialogsOpened(page)).toBe(0);
    expect(resultText(toolResults(webApp.fake.requests[1]!)[0]!)).not.toContain('hello from the host');

    await blocked.getByRole('button', { name: 'Allow 127.0.0.1 for this conversation' }).click();
    await expect(blocked).toHaveCount(0);

    await ask(page, 'Try again');
    await expect(page.getByText('Now it worked.')).toBeVisible();
    expect(resultText(toolResults(webApp.fake.requests[3]!)[0]!)).toContain('hello from the host');
    await page.screenshot({ path: screenshotPath('sandbox-host-allowed'), fullPage: true });
  } finally {
    server.close();
  }
});
