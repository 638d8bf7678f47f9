// Issue 20 items 2 and 5 in Chromium over the real web host: the header meter fills against the
// window main counts with; "/compact" typed in the message box summarises the conversation; the
// transcript shows a "Conversation summarised" divider that opens to the summary; the meter drops. On
// its own: a conversation that outgrows a 100,000-token window is summarised before the request that
// would pass it. A busy service's retry is one plain line.
import type { RecordedRequest, ScriptedReply } from '../test/fake-model/server';
import { expect, screenshotPath, test } from './fixtures';

const WINDOW = 400_000;
const SUMMARY = '1. Primary request and intent: the user wants a greeting function.\n2. Files and code: `src/greet.ts` was written.\n3. Open todos: add a test.';
const isSummaryRequest = (req: RecordedRequest) => JSON.stringify(req.body.messages.at(-1)).includes('Write that summary now');

test.describe('by hand', () => {
  test.use({ webOptions: { apiKey: 'test-key', env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: String(WINDOW) } } });

  test('issue 20 item 2: the meter fills, /compact summarises, the divider opens to the summary', async ({ page, webApp }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The reply says it read 300,000 tokens: three quarters of the window main was told about.
    webApp.fake.push({ content: [{ type: 'text', text: 'Here is the greeting function you asked for.' }], usage: { input_tokens: 299_000, output_tokens: 1_000 } });
    webApp.fake.push((req): ScriptedReply =>
      isSummaryRequest(req) ? { content: [{ type: 'text', text: `<analysis>going over it</analysis>\n<summary>\n${SUMMARY}\n</summary>` }] } : { content: [{ type: 'text', text: 'not a summary request' }] },
    );
    await page.goto(webApp.url);
    const message = page.getByRole('textbox', { name: 'Message' });
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await message.fill('Write a greeting function');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(transcript).toContainText('Here is the greeting function');

    const meter = page.getByRole('meter', { name: 'How full this conversation is' });
    await expect(meter).toHaveAttribute('aria-valuenow', '75');
    await expect(page.getByText('75 % full')).toBeVisible();
    await page.screenshot({ path: screenshotPath('compact-meter-full') });

    await message.fill('/compact keep the file names');
    await page.getByRole('button', { name: 'Send' }).click();
    const divider = transcript.getByRole('region', { name: 'Conversation summarised' });
    await expect(divider).toBeVisible();
    await expect(divider).toContainText('You asked for a summary.');
    // The summary request went out with the person's instructions; "/compact" itself is no message.
    const summaryReq = webApp.fake.requests.find(isSummaryRequest);
    expect(JSON.stringify(summaryReq?.body.messages.at(-1))).toContain('keep the file names');
    await expect(transcript.getByText('/compact keep the file names')).toHaveCount(0);

    const show = divider.getByRole('button', { name: 'Show the summary' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(divider.getByRole('region', { name: 'Summary' })).toBeHidden();
    await show.click();
    const hide = divider.getByRole('button', { name: 'Hide the summary' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const summary = divider.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText('the user wants a greeting function');
    await expect(summary).toContainText('src/greet.ts');
    // The conversation above stays readable for the person.
    await expect(transcript).toContainText('Here is the greeting function');
    // The model now reads the summary only: the meter says so (under a tenth, it steps aside).
    // The meter drops back: the summary and what the model always reads (system prompt and tools, which
    // the fake model counts as the API does) — a small part of the window, shown or not under 10 %.
    await expect.poll(async () => ((await meter.count()) === 0 ? 0 : Number(await meter.getAttribute('aria-valuenow')))).toBeLessThan(30);
    await page.screenshot({ path: screenshotPath('compact-divider-open') });

    // The next message goes out after the summary, which the model reads first.
    webApp.fake.push({ content: [{ type: 'text', text: 'Adding the test now.' }] });
    await message.fill('Now add the test');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(transcript).toContainText('Adding the test now.');
    const last = webApp.fake.requests.at(-1)!;
    expect(JSON.stringify(last.body.messages[0])).toContain('the user wants a greeting function');
    expect(JSON.stringify(last.body.messages)).not.toContain('Here is the greeting function');

    // Reloaded, the divider is still there (saved with the conversation).
    await page.reload();
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button').first().click();
    await expect(page.getByRole('log', { name: 'Transcript' }).getByRole('region', { name: 'Conversation summarised' })).toBeVisible();
  });
});

test.describe('on its own', () => {
  test.use({ webOptions: { apiKey: 'test-key', env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '100000' } } });

  test('issue 20 item 2: a conversation that outgrows the window is summarised before the next request, and goes on', async ({ page, webApp }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Three long answers of ~30,000 tokens each: the fourth request would pass 92 % of the 100,000 window.
    const long = (n: number) => `Long answer number ${n}.\n\n` + `${'lorem ipsum dolor sit amet '.repeat(7)}\n`.repeat(640);
    const texts = [long(1), long(2), long(3), 'Carrying on from the summary.'];
    for (let i = 0; i < 6; i++) {
      webApp.fake.push((req): ScriptedReply =>
        isSummaryRequest(req)
          ? { content: [{ type: 'text', text: `<summary>\n${SUMMARY}\n</summary>` }], delayMs: 300 }
          : { content: [{ type: 'text', text: texts.shift() ?? 'extra' }], chunkSize: 8_000 },
      );
    }
    await page.goto(webApp.url);
    const message = page.getByRole('textbox', { name: 'Message' });
    const transcript = page.getByRole('log', { name: 'Transcript' });
    const meter = page.getByRole('meter', { name: 'How full this conversation is' });
    for (const n of [1, 2, 3]) {
      await message.fill(`Question ${n}`);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(transcript).toContainText(`Long answer number ${n}.`);
      await expect(page.getByRole('status', { name: 'Session status' })).toHaveText('Ready', { timeout: 20_000 });
    }
    await expect(meter).toHaveAttribute('aria-valuenow', /^(8[5-9]|9\d|100)$/);
    await page.screenshot({ path: screenshotPath('compact-auto-meter') });
    expect(webApp.fake.requests.some(isSummaryRequest)).toBe(false);

    await message.fill('Question 4');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(transcript.getByRole('status').filter({ hasText: 'summarising it so far to make room' })).toBeVisible();
    const divider = transcript.getByRole('region', { name: 'Conversation summarised' });
    // A summary call and a long transcript re-rendered: on a loaded machine as slow as the turns above.
    await expect(divider).toContainText('The conversation was getting too long for the model to read at once.', { timeout: 20_000 });
    await expect(transcript).toContainText('Carrying on from the summary.');
    await divider.getByRole('button', { name: 'Show the summary' }).click();
    await expect(divider.getByRole('region', { name: 'Summary' })).toContainText('the user wants a greeting function');
    // The meter drops back: the summary and what the model always reads (system prompt and tools, which
    // the fake model counts as the API does) — a small part of the window, shown or not under 10 %.
    await expect.poll(async () => ((await meter.count()) === 0 ? 0 : Number(await meter.getAttribute('aria-valuenow')))).toBeLessThan(30);
    await divider.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('compact-auto-divider') });

    // The request after the summary: the summary, then the question word for word; the long answers are gone from it.
    const i = webApp.fake.requests.findIndex(isSummaryRequest);
    const next = webApp.fake.requests[i + 1]!;
    expect(JSON.stringify(next.body.messages[0])).toContain('the user wants a greeting function');
    expect(JSON.stringify(next.body.messages.at(-1))).toContain('Question 4');
    expect(JSON.stringify(next.body.messages)).not.toContain('Long answer number');
  });
});

test('issue 20 item 5: a busy service is retried after the wait it asked for, said in one plain line', async ({ page, webApp }) => {
  webApp.fake.push(
    { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' }, headers: { 'retry-after': '3' } },
    { content: [{ type: 'text', text: 'Done after the wait.' }] },
  );
  await page.goto(webApp.url);
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello?');
  await page.getByRole('button', { name: 'Send' }).click();
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript.getByText("The model's service was busy; trying again in 3 s (attempt 2 of 2)")).toBeVisible();
  await page.screenshot({ path: screenshotPath('compact-retry-line') });
  await expect(transcript).toContainText('Done after the wait.', { timeout: 10_000 });
  expect(webApp.fake.requests).toHaveLength(2);
  expect(webApp.fake.requests[1]!.at - webApp.fake.requests[0]!.at).toBeGreaterThanOrEqual(2_900);
});
