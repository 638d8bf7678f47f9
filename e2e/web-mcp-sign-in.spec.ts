// Signing in to an MCP server in Chromium through the real web host (issue 17 item 4, MC3): a project
// whose .mcp.json names a streamable-HTTP server behind a local OAuth authorization server; the
// Connected tools pane shows "Needs you to sign in" and Sign in; the page it links to is followed
// (as the person would in the browser), the loopback redirect says they can go back, and the server
// becomes connected with its tool, which the model then calls. The sign-in is kept in a 0600 file.
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startOAuthServer, type OAuthTestServer } from '../test/integration/mcp/oauth-server';
import { expect, screenshotPath, test } from './fixtures';
import { ask, resultText, say, toolResults, useTool } from './tool-helpers';

let auth: OAuthTestServer | undefined;
test.afterEach(async () => {
  await auth?.stop();
  auth = undefined;
});

test.describe('MCP sign-in in Chromium (issue 17 item 4)', () => {
  test('MC3 issue 17 item 4: a server that needs sign-in shows Sign in; after the sign-in it is connected with its tools', async ({ page, context, webApp }) => {
    auth = await startOAuthServer();
    await writeFile(path.join(webApp.projectDir, '.mcp.json'), JSON.stringify({ mcpServers: { docs: { type: 'http', url: auth.url } } }, null, 2));
    await page.goto(webApp.url);
    await page.getByRole('button', { name: /^Connected tools/ }).click();
    const pane = page.getByRole('region', { name: 'Connected tools' });
    const server = pane.getByRole('listitem', { name: 'docs' });
    await expect(server.getByRole('status')).toHaveText('Needs you to sign in', { timeout: 15_000 });
    await expect(server).toContainText('Over the network (HTTP)');
    await expect(page.getByRole('button', { name: /^Connected tools ?: 1 needs you$/ })).toBeVisible();
    await page.screenshot({ path: screenshotPath('web-mcp-needs-sign-in'), fullPage: false });

    // By keyboard: the button pressed goes away, the focus moves to what replaced it (the link; back
    // to Sign in after Cancel), never to the page's start.
    await server.getByRole('button', { name: 'Sign in to docs' }).focus();
    await page.keyboard.press('Enter');
    await expect(server.getByRole('status')).toHaveText('Waiting for you to sign in');
    await expect(server.getByRole('link', { name: 'Open the sign-in page' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(server.getByRole('button', { name: 'Cancel signing in to docs' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(server.getByRole('status')).toHaveText('Needs you to sign in');
    await expect(server.getByRole('button', { name: 'Sign in to docs' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(server.getByRole('status')).toHaveText('Waiting for you to sign in');
    await expect(server.getByRole('link', { name: 'Open the sign-in page' })).toBeFocused();
    await expect(server).toContainText('Open the sign-in page and finish signing in there; this updates by itself.');
    const link = server.getByRole('link', { name: 'Open the sign-in page' });
    await expect(server.getByRole('button', { name: 'Cancel signing in to docs' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('web-mcp-signing-in'), fullPage: false });

    // The person opens the page; the authorization server sends the browser back to the loopback redirect.
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/authorize\?.*code_challenge_method=S256/);
    const tab = await context.newPage();
    await tab.goto(href!);
    await expect(tab.getByRole('heading', { name: 'You are signed in to docs' })).toBeVisible();
    await expect(tab.getByText('You can close this tab and go back to Agent Desk.')).toBeVisible();
    await tab.screenshot({ path: screenshotPath('web-mcp-signed-in-tab'), fullPage: false });
    await tab.close();

    await expect(server.getByRole('status')).toHaveText('Connected', { timeout: 15_000 });
    await expect(server).toContainText('1 tool');
    await expect(server.getByRole('button', { name: 'Sign out of docs' })).toBeVisible();
    await expect(server.getByRole('button', { name: 'Sign in to docs' })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('web-mcp-signed-in'), fullPage: false });
    expect((await stat(path.join(webApp.dataDir, 'mcp-credentials.json'))).mode & 0o777).toBe(0o600);

    // Its tool is offered to the model and answers with the sign-in.
    webApp.fake.push({ content: [useTool('mcp__docs__whoami', {})] }, say('You are Ada.'));
    await ask(page, 'Who am I on docs?');
    const allow = page.getByRole('dialog').getByRole('button', { name: 'Allow once' });
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(allow.or(transcript.getByText('You are Ada.'))).toBeVisible({ timeout: 15_000 });
    if (await allow.isVisible()) await allow.click();
    await expect(transcript).toContainText('You are Ada.');
    const [first, second] = await webApp.fake.waitForRequests(2);
    expect(((first!.body.tools ?? []) as { name: string }[]).map((t) => t.name)).toContain('mcp__docs__whoami');
    expect(resultText(toolResults(second!)[0]!)).toBe('signed in as ada');
    // No token reached the page's traffic with the model, nor the server's log.
    for (const t of auth.issued()) {
      expect(JSON.stringify(second!.body)).not.toContain(t);
      expect(webApp.output()).not.toContain(t);
    }

    await server.getByRole('button', { name: 'Sign out of docs' }).click();
    await expect(server.getByRole('status')).toHaveText('Needs you to sign in');
    await expect(server.getByRole('button', { name: 'Sign in to docs' })).toBeVisible();
  });
});
