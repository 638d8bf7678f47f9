// Issue 12 item 7 in Chromium: at 800 px an open side pane overlays the conversation instead of
// squeezing it — the composer and a command card keep their width and nothing overflows its box.
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { expect, screenshotPath, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

const box = async (l: Locator) => (await l.boundingBox())!;

test.describe('layout at 800 px', () => {
  test.use({ viewport: { width: 800, height: 700 } });

  for (const pane of ['Changes', 'Permission rules'] as const) {
    test(`with the ${pane} pane open, the composer and a command card keep their layout`, async ({ page, webApp }) => {
      webApp.fake.push({ content: [useTool('Bash', { command: 'touch notes.txt && ls', description: 'Make a notes file and list the folder' })] }, say('Made the notes file.'));
      await page.goto(webApp.url);
      await ask(page, 'Make a notes file');
      await page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' }).getByRole('button', { name: 'Allow once' }).click();
      await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Made the notes file.');

      const composer = page.locator('.composer__box');
      const card = page.getByRole('article', { name: /^Make a notes file and list the folder/ });
      const before = { composer: await box(composer), card: await box(card) };

      await page.getByRole('button', { name: new RegExp(`^${pane}`) }).click();
      const side = pane === 'Changes' ? page.getByRole('region', { name: 'Changes' }) : page.getByRole('region', { name: 'Permission rules' });
      await expect(side).toBeVisible();
      await page.screenshot({ path: screenshotPath(`layout-800-${pane === 'Changes' ? 'changes' : 'rules'}`) });

      // The conversation underneath keeps its size: the pane lies over it.
      const after = { composer: await box(composer), card: await box(card), side: await box(side) };
      expect(after.composer.width).toBeCloseTo(before.composer.width, 0);
      expect(after.card.width).toBeCloseTo(before.card.width, 0);
      expect(after.composer.width).toBeGreaterThan(450);
      expect(after.side.width).toBeGreaterThan(300);
      expect(after.side.x + after.side.width).toBeLessThanOrEqual(800);
      // Nothing inside the pane, the card or the composer runs out of its box.
      for (const l of [side, card, composer]) {
        const overflow = await l.evaluate((el) => [...el.querySelectorAll('*')].filter((c) => (c as unknown as { offsetWidth: number }).offsetWidth > 0 && c.getBoundingClientRect().right > el.getBoundingClientRect().right + 1).length);
        expect(overflow).toBe(0);
      }
      // Closing the pane gives the same layout back.
      await side.getByRole('button', { name: /^Close/ }).click();
      expect((await box(composer)).width).toBeCloseTo(before.composer.width, 0);
    });
  }
});

// Every pane button of the header stays inside a narrow window (it wraps onto a second row), where
// before the Terminal and Background tasks buttons ran off its right edge at 800 px and below; the
// inbox, which floats below the header, starts where the taller header ends.
for (const width of [800, 600]) {
  test.describe(`header at ${width} px`, () => {
    test.use({ viewport: { width, height: 700 } });

    test(`every header button is inside the window and opens its pane (${width} px)`, async ({ page, webApp }) => {
      await page.goto(webApp.url);
      const header = page.getByRole('banner');
      const buttons = header.getByRole('button');
      await expect(header.getByRole('button', { name: /^Background tasks/ })).toBeVisible();
      expect(await buttons.count()).toBeGreaterThanOrEqual(8);
      for (const b of await buttons.all()) {
        const r = await box(b);
        expect(r.x, await b.getAttribute('aria-label') ?? '').toBeGreaterThanOrEqual(0);
        expect(r.x + r.width, await b.getAttribute('aria-label') ?? '').toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      // The last one, clicked where a person sees it, opens its pane.
      await header.getByRole('button', { name: /^Background tasks/ }).click();
      await expect(page.getByRole('region', { name: 'Background tasks' })).toBeVisible();
      await page.screenshot({ path: screenshotPath(`layout-header-${width}`) });
      // The approvals inbox floats below the header, however tall the header has grown.
      await header.getByRole('button', { name: 'No approvals waiting' }).click();
      const inbox = page.getByRole('dialog', { name: 'Approvals waiting' });
      await expect(inbox).toBeVisible();
      const head = await box(header);
      expect((await box(inbox)).y).toBeGreaterThanOrEqual(head.y + head.height - 1);
    });
  });
}

// Between 900 and 1000 px the model's chip wrapped alone onto a second row of the header: it is on the
// buttons' row, or not shown (the header keeps the buttons and drops the chips that only inform).
test('the model chip never sits alone on a second header row', async ({ page, webApp }) => {
  webApp.fake.push(say('Hello.'));
  await page.goto(webApp.url);
  await ask(page, 'Say hello');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Hello.');
  const header = page.getByRole('banner');
  const model = header.getByTitle('The model that answers');
  for (const width of [920, 960, 1000, 1040, 1100, 1200, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    const first = await box(header.getByRole('button').first());
    if (!(await model.isVisible())) continue;
    const chip = await box(model);
    expect(Math.abs(chip.y + chip.height / 2 - (first.y + first.height / 2)), `${width} px`).toBeLessThan(8);
  }
  await page.setViewportSize({ width: 960, height: 700 });
  await page.screenshot({ path: screenshotPath('layout-header-960') });
});

// A conversation of plain replies has nothing focusable inside: the transcript itself is a tab stop,
// so the keyboard can scroll back through it (axe: scrollable-region-focusable, seen at 800 px).
test.describe('transcript by keyboard in a small window', () => {
  test.use({ viewport: { width: 800, height: 500 } });

  test('a transcript of plain replies can be reached with Tab and scrolled with the keys', async ({ page, webApp }) => {
    const long = Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');
    webApp.fake.push(say(long));
    await page.goto(webApp.url);
    await ask(page, 'Tell me everything');
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('Line 30 of a long answer.');
    await expect.poll(() => transcript.evaluate((el) => el.scrollHeight > el.clientHeight + 100)).toBe(true);
    const axe = await new AxeBuilder({ page }).include('.transcript').withRules(['scrollable-region-focusable']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(transcript).toBeFocused();
    const bottom = await transcript.evaluate((el) => el.scrollTop);
    await page.keyboard.press('Home');
    await expect.poll(() => transcript.evaluate((el) => el.scrollTop)).toBeLessThan(bottom);
  });
});
