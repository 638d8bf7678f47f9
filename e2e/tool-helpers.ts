// Helpers shared by the tool e2e specs: scripted replies, sending a message, the tool_result blocks the
// fake model received, counting approval dialogs that ever opened (to prove none did), and opening a
// file's diff in the Changes pane.
import { expect, type Locator, type Page } from '@playwright/test';
import type { RecordedRequest, ScriptedBlock, ScriptedReply } from '../test/fake-model/server';

export const useTool = (name: string, input: Record<string, unknown>): ScriptedBlock => ({ type: 'tool_use', name, input });
export const say = (text: string): ScriptedReply => ({ content: [{ type: 'text', text }] });

/** Types a message in the composer and sends it. */
export async function ask(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

export type ToolResult = { type: 'tool_result'; tool_use_id: string; content: unknown; is_error?: boolean };

/** The tool_result blocks of the last message of a recorded request. */
export function toolResults(req: RecordedRequest): ToolResult[] {
  const last = req.body.messages?.at(-1) as { role: string; content: unknown } | undefined;
  if (!last || !Array.isArray(last.content)) return [];
  return (last.content as { type: string }[]).filter((b): b is ToolResult => b.type === 'tool_result');
}

export function resultText(r: ToolResult): string {
  if (typeof r.content === 'string') return r.content;
  return (r.content as { type: string; text?: string }[]).map((b) => b.text ?? '').join('\n');
}

/** Counts approval dialogs that ever opened, to prove that none did. (Page code as text: this file has no DOM types.) */
export async function countDialogs(page: Page): Promise<void> {
  await page.addInitScript({
    content: `window.__dialogsOpened = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n instanceof HTMLDialogElement) window.__dialogsOpened++;
      }).observe(document, { childList: true, subtree: true });`,
  });
}

export const dialogsOpened = (page: Page): Promise<number> => page.evaluate('window.__dialogsOpened');

/**
 * Opens the Changes pane (its button says how many files changed), checks the file's +/− summary and
 * opens its cumulative diff.
 */
export async function openChangedFile(page: Page, rel: string, summary: string, files = 1): Promise<{ pane: Locator; diff: Locator }> {
  await page.getByRole('button', { name: `Changes (${files})` }).click();
  const pane = page.getByRole('region', { name: 'Changes' });
  await expect(pane).toBeVisible();
  const entry = pane.getByRole('button', { name: new RegExp(rel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(entry).toContainText(summary);
  await entry.click();
  return { pane, diff: pane.getByRole('figure', { name: `Changes to ${rel}` }) };
}
