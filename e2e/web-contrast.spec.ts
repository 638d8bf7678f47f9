// Contrast (issue "Approvals nobody can get wrong", item 9): every text at least 4.5:1 (large text 3:1),
// in the light and the dark theme, on the main screens, checked by axe-core in real Chromium through the
// web host. The theme follows prefers-color-scheme (src/renderer/src/styles/base.css), so each scheme is
// emulated. On each screen: axe's WCAG 2.x A/AA rules (color-contrast among them), failing on every
// contrast problem and on any other serious or critical violation, plus a check of placeholder text,
// which axe leaves out but WCAG does not exempt (disabled controls are exempt, and axe skips them).
// Screenshots of every screen go to test-results/contrast/<scheme>/<screen>.png, to look at.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { ask, say, useTool } from './tool-helpers';

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const APP_TS = ['/** Greets someone by name. */', 'export function greet(name: string): string {', '  return `Hello, ${name}!`;', '}', ''].join('\n');
const OLD_LINE = '  return `Hello, ${name}!`;';
const NEW_LINES = '  const greeting = `Hello, ${name}! Welcome back.`;\n  return greeting;';
// With terminal colours (yellow, dim, blue), to check the output box's palette too.
const FAILING = `printf '\\033[33mwarning\\033[0m: \\033[2mold config\\033[0m, see \\033[34mdocs\\033[0m\\n' >&2; echo "compiling src/app.ts" >&2; echo "Error: Cannot find module 'left-pad'" >&2; echo "    at build (/p/build.js:3:7)" >&2; exit 1`;
const ANSWER = [
  'Done. The greeting now **welcomes people back**, and the build log exists.',
  '',
  '- `src/app.ts`: the greeting',
  '- `build.log`: new, empty',
  '',
  '> The build still fails: `left-pad` is missing.',
  '',
  '```ts',
  'export function greet(name: string): string {',
  '  const greeting = `Hello, ${name}! Welcome back.`;',
  '  return greeting;',
  '}',
  '```',
  '',
  'Run `npm install left-pad` and try again; see [the docs](https://example.com/docs).',
].join('\n');

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type AxeNode = AxeResults['violations'][number]['nodes'][number];

/** One node of a contrast result in words: where, the ratio against what it needs, the colours, the text. */
function contrastLine(node: AxeNode): string {
  const data = (node.any[0]?.data ?? node.all[0]?.data ?? node.none[0]?.data ?? {}) as {
    fgColor?: string;
    bgColor?: string;
    contrastRatio?: number;
    expectedContrastRatio?: string;
    fontSize?: string;
    fontWeight?: string;
    messageKey?: string;
  };
  const ratio = data.contrastRatio ? `${data.contrastRatio}:1 (needs ${data.expectedContrastRatio})` : `ratio unknown (${data.messageKey ?? node.failureSummary ?? '?'})`;
  return `${node.target.join(' ')}: ${ratio}, ${data.fgColor ?? '?'} on ${data.bgColor ?? '?'}, ${data.fontSize ?? '?'} ${data.fontWeight ?? ''} — ${node.html.slice(0, 140)}`;
}

type PlaceholderProblem = { selector: string; placeholder: string; fg: string; bg: string; ratio: number };

/**
 * Placeholder text of every visible, enabled text field, against the field's own (composited)
 * background: axe's color-contrast does not look at ::placeholder.
 */
async function placeholderProblems(page: Page): Promise<{ checked: number; problems: PlaceholderProblem[] }> {
  return page.evaluate(`(() => {
    const parse = (c) => {
      const m = c.match(/rgba?\\(([^)]+)\\)/);
      if (!m) {
        const probe = document.createElement('div');
        probe.style.color = c;
        document.body.appendChild(probe);
        const out = getComputedStyle(probe).color;
        probe.remove();
        const n = out.match(/rgba?\\(([^)]+)\\)/);
        if (!n) return [0, 0, 0, 1];
        return n[1].split(/[ ,\\/]+/).filter(Boolean).map(Number).concat([1]).slice(0, 4);
      }
      const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
    const background = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let bg = [255, 255, 255, 1];
      for (const c of layers.reverse()) bg = over(c, bg);
      return bg;
    };
    const lum = (c) => {
      const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const hex = (c) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
    const modal = document.querySelector('dialog:modal');
    const fields = [...document.querySelectorAll('input[placeholder], textarea[placeholder]')].filter(
      // Behind a modal dialog the page is inert and covered: only the dialog's own fields count.
      (el) => !el.disabled && el.placeholder && el.getClientRects().length > 0 && !el.closest('[inert]') && (!modal || modal.contains(el)),
    );
    const problems = [];
    for (const el of fields) {
      const bg = background(el);
      const fg = over(parse(getComputedStyle(el, '::placeholder').color), bg);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100;
      const size = parseFloat(getComputedStyle(el).fontSize);
      const bold = Number(getComputedStyle(el).fontWeight) >= 700;
      const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      if (ratio < needed) {
        const selector = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + [...el.classList].map((c) => '.' + c).join('');
        problems.push({ selector, placeholder: el.placeholder, fg: hex(fg), bg: hex(bg), ratio });
      }
    }
    return { checked: fields.length, problems };
  })()`);
}

/** One axe run and the placeholder check on what is on screen: the problems, and counts for the log. */
async function auditView(page: Page, within?: string): Promise<{ problems: string[]; judged: number; placeholders: number; undecided: AxeNode[] }> {
  // Settle: transitions and fades are instant under reduced motion; let a last frame paint.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  // The whole screen with every WCAG A/AA rule; a scrolled box again with the rule that depends on
  // what is on screen (contrast), which is all that scrolling changes, through the axe that the whole
  // screen's run left in the page (injecting it again for every scroll position costs a second).
  const results = within
    ? ((await page.evaluate(
        `axe.run(${JSON.stringify(within)}, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations', 'incomplete'] })`,
      )) as AxeResults)
    : await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const problems: string[] = [];
  for (const v of results.violations) {
    if (v.id === 'color-contrast' || v.id === 'color-contrast-enhanced') {
      problems.push(...v.nodes.map((n) => `${v.id} (${v.impact}): ${contrastLine(n)}`));
    } else if (v.impact === 'serious' || v.impact === 'critical') {
      problems.push(...v.nodes.map((n) => `${v.id} (${v.impact}, ${v.help}): ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')} — ${n.html.slice(0, 140)}`));
    }
  }
  // What axe could not decide is not dropped: where it still measured a ratio (short text such as a line
  // number, …) a ratio under what the text needs fails like a violation; the rest (text partly covered,
  // a symbol, …) is listed in the output and attached to the report.
  const incomplete = results.incomplete.filter((r) => r.id === 'color-contrast').flatMap((r) => r.nodes);
  const measuredTooLow = incomplete.filter((n) => {
    const d = n.any[0]?.data as { contrastRatio?: number; expectedContrastRatio?: string } | undefined;
    return !!d?.contrastRatio && !!d.expectedContrastRatio && d.contrastRatio < parseFloat(d.expectedContrastRatio);
  });
  problems.push(...measuredTooLow.map((n) => `color-contrast (undecided by axe, measured too low): ${contrastLine(n)}`));
  const placeholders = await placeholderProblems(page);
  problems.push(...placeholders.problems.map((p) => `placeholder: ${p.selector} “${p.placeholder}”: ${p.ratio}:1 (needs 4.5:1), ${p.fg} on ${p.bg}`));
  const judged = (results.passes.find((r) => r.id === 'color-contrast')?.nodes.length ?? 0) + (results.violations.find((r) => r.id === 'color-contrast')?.nodes.length ?? 0);
  return { problems, judged, placeholders: placeholders.checked, undecided: incomplete.filter((n) => !measuredTooLow.includes(n)) };
}

/**
 * Marks the scroll boxes of the screen whose content does not fit (data-contrast-scroller=0, 1, …) and
 * returns, for each, the scroll positions that show all of it. Boxes behind a modal dialog are left out.
 */
async function scrollBoxes(page: Page): Promise<{ name: string; at: number[]; signature: string }[]> {
  return page.evaluate(`(() => {
    for (const el of document.querySelectorAll('[data-contrast-scroller]')) el.removeAttribute('data-contrast-scroller');
    const modal = document.querySelector('dialog:modal');
    const boxes = [...document.querySelectorAll('*')].filter((el) => {
      const st = getComputedStyle(el);
      return /(auto|scroll)/.test(st.overflowY) && el.scrollHeight > el.clientHeight + 4 && el.clientHeight >= 120 && el.getClientRects().length > 0 && (!modal || modal.contains(el));
    });
    return boxes.map((el, i) => {
      el.setAttribute('data-contrast-scroller', String(i));
      const max = el.scrollHeight - el.clientHeight;
      const step = Math.max(60, Math.floor(el.clientHeight * 0.9));
      const at = [];
      for (let y = 0; y < max; y += step) at.push(y);
      at.push(max);
      const name = el.tagName.toLowerCase() + (el.getAttribute('aria-label') ? '[' + el.getAttribute('aria-label') + ']' : '') + [...el.classList].slice(0, 2).map((c) => '.' + c).join('');
      // What it shows and how: the same box with the same content and size was audited already.
      let hash = 0;
      for (const ch of el.innerText + '|' + el.className + '|' + el.scrollHeight + 'x' + el.clientWidth) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
      return { name, at, signature: name + '#' + hash };
    });
  })()`);
}

/** The scroll boxes (by what they showed) each page has been scrolled through already. */
const scrolledAlready = new WeakMap<Page, Set<string>>();

/**
 * Audits a screen: a screenshot to look at, then axe's WCAG A/AA rules and the placeholder check, as it
 * is and at every scroll position of each scroll box that holds more than it shows (axe judges only
 * what is on screen: text scrolled out of a box counts as hidden). Soft-fails, so every screen of the
 * test is still checked, with the offending selectors, colours and ratios.
 */
async function audit(page: Page, scheme: Scheme, screen: string, testInfo: TestInfo): Promise<void> {
  // Under the run's output folder (test-results/, or --output), kept after the test whatever its result.
  const shots = path.join(testInfo.project.outputDir, 'contrast', scheme);
  await mkdir(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${screen}.png`) });

  const views = [await auditView(page)];
  const boxes = await scrollBoxes(page);
  const seen = scrolledAlready.get(page) ?? new Set<string>();
  scrolledAlready.set(page, seen);
  for (const [i, { at: positions, signature }] of boxes.entries()) {
    // A box exactly as an earlier screen of this test showed it (the conversation behind a pane, say)
    // was scrolled through then; its own view on this screen is still audited above.
    if (seen.has(signature)) continue;
    seen.add(signature);
    // Page code as text (this file has no DOM types); a string is evaluated as an expression.
    const box = `document.querySelector('[data-contrast-scroller="${i}"]')`;
    const before = (await page.evaluate(`${box}.scrollTop`)) as number;
    for (const [j, y] of positions.entries()) {
      const at = (await page.evaluate(`(${box}.scrollTop = ${y}, ${box}.scrollTop)`)) as number;
      expect(Math.abs(at - y), `scrolling ${boxes[i]!.name} to ${y}`).toBeLessThanOrEqual(2);
      views.push(await auditView(page, `[data-contrast-scroller="${i}"]`));
      await page.screenshot({ path: path.join(shots, `${screen}--box${i}-${j}.png`) });
    }
    await page.evaluate(`(${box}.scrollTop = ${before}, ${box}.removeAttribute('data-contrast-scroller'))`);
  }

  const problems = [...new Set(views.flatMap((v) => v.problems))];
  const judged = Math.max(...views.map((v) => v.judged));
  // Never pass by having looked at nothing: the contrast rule must have judged text on this screen.
  if (judged < 5) problems.push(`color-contrast judged only ${judged} element(s): is the screen really showing?`);
  const undecided = [...new Map(views.flatMap((v) => v.undecided).map((n) => [n.target.join(' '), n])).values()];
  const summary =
    `[${scheme}] ${screen}: ${views.length} view(s) (scrolled: ${boxes.map((b) => b.name).join(', ') || 'none'}), up to ${judged} texts judged, ` +
    `${Math.max(...views.map((v) => v.placeholders))} placeholder(s), ${undecided.length} undecided by axe`;
  testInfo.annotations.push({ type: 'contrast', description: summary });
  if (undecided.length > 0) {
    await testInfo.attach(`${scheme}-${screen}-undecided.txt`, { body: undecided.map(contrastLine).join('\n'), contentType: 'text/plain' });
  }
  const why = (n: AxeNode): string => (n.any[0]?.data as { messageKey?: string } | undefined)?.messageKey ?? '?';
  console.log(summary + (undecided.length ? '\n  undecided: ' + undecided.map((n) => `${n.target.join(' ')} (${why(n)})`).join('; ') : ''));
  expect.soft(problems, `[${scheme}] ${screen}: ${problems.length} contrast or serious accessibility problem(s)\n${problems.join('\n')}`).toEqual([]);
}

/** Answers "Allow once" to every approval window that opens until the transcript shows `text`. */
async function allowUntil(page: Page, transcript: Locator, text: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Allow Agent Desk to / });
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Allow once' }).click({ timeout: 2_000 });
    await expect(transcript).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

const PROJECT_SETTINGS = { permissions: { allow: ['Bash(git status)'], ask: ['Bash(git push:*)'], deny: ['Read(./.env)'] } };

for (const scheme of SCHEMES) {
  test.describe(`contrast, ${scheme} theme`, () => {
    test.use({ colorScheme: scheme });
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    });

    test(`[${scheme}] project screen, a conversation with tool cards, both approval windows, the Changes pane, the rules and the inbox`, async ({ page, webApp }, testInfo) => {
      test.setTimeout(240_000);
      const dir = webApp.projectDir;
      const app = path.join(dir, 'src', 'app.ts');
      await mkdir(path.join(dir, 'src'), { recursive: true });
      await mkdir(path.join(dir, '.claude'), { recursive: true });
      await writeFile(app, APP_TS);
      await writeFile(path.join(dir, '.claude', 'settings.json'), JSON.stringify(PROJECT_SETTINGS, null, 2) + '\n');

      const transcript = page.getByRole('log', { name: 'Transcript' });
      const editDialog = page.getByRole('dialog', { name: 'Allow Agent Desk to change a file?' });
      const commandDialog = page.getByRole('dialog', { name: 'Allow Agent Desk to run a command?' });

      // The project screen, nothing asked yet.
      await page.goto(webApp.url);
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
      await expect(page.getByText('Ready', { exact: true })).toBeVisible();
      await audit(page, scheme, '01-project', testInfo);

      webApp.fake.push(
        { content: [{ type: 'text', text: 'First I look at the project.' }, useTool('Bash', { command: 'echo "checking"; ls -la', description: 'List the files' }), useTool('Read', { file_path: app })] },
        { content: [{ type: 'text', text: 'Now I change the greeting.' }, useTool('Edit', { file_path: app, old_string: OLD_LINE, new_string: NEW_LINES })] },
        { content: [useTool('Bash', { command: 'touch build.log', description: 'Start the build log' })] },
        { content: [useTool('Bash', { command: FAILING, description: 'Build the app' })] },
        say(ANSWER),
      );
      await ask(page, 'Make the greeting friendlier and check the build');

      // The approval window for an edit, with its diff.
      await expect(editDialog).toBeVisible();
      await expect(editDialog.getByRole('figure', { name: 'Proposed changes to src/app.ts' })).toBeVisible();
      await expect(editDialog.getByRole('button', { name: 'Allow once' })).toBeEnabled();
      await audit(page, scheme, '02-approval-edit', testInfo);
      await editDialog.getByRole('button', { name: 'Allow once' }).click();

      // The approval window for a command: its first step, then "Always allow" with its choices and
      // the rule shown.
      await expect(commandDialog).toBeVisible();
      await expect(commandDialog).toContainText('touch build.log');
      await expect(commandDialog.getByRole('button', { name: 'Allow once' })).toBeEnabled();
      await audit(page, scheme, '03-approval-command', testInfo);
      await commandDialog.getByRole('button', { name: 'Always allow' }).click();
      await commandDialog.getByRole('button', { name: 'Show the rule' }).click();
      await expect(commandDialog.getByRole('textbox', { name: 'Rule' })).toBeVisible();
      await audit(page, scheme, '04-approval-command-always', testInfo);
      await commandDialog.getByRole('button', { name: 'Back' }).click();
      await commandDialog.getByRole('button', { name: 'Deny', exact: true }).click();
      await expect(commandDialog.getByRole('textbox', { name: 'Feedback for the assistant' })).toBeVisible();
      await audit(page, scheme, '05-approval-command-deny', testInfo);
      await page.keyboard.press('Escape');
      await commandDialog.getByRole('button', { name: 'Allow once' }).click();
      // Whether the failing build asks first is the command classifier's business, not this test's.
      await allowUntil(page, transcript, 'Run npm install left-pad');

      // The finished conversation: Bash output, the Edit diff, the failed command, the reply.
      await expect(page.getByRole('status', { name: 'Session status' })).toHaveText('Ready');
      // The card of the failed build (its name is its description or its command, cut when long).
      const failed = page.locator('article[data-tool]').filter({ hasText: "Cannot find module 'left-pad'" });
      await expect(failed.getByTestId('tool-call-state')).toHaveText('Failed (error 1)');
      await audit(page, scheme, '06-conversation', testInfo);
      await failed.scrollIntoViewIfNeeded();
      await failed.getByRole('button', { name: 'Show technical details' }).click();
      await expect(failed).toContainText('Exit code 1');
      await audit(page, scheme, '07-conversation-failed-details', testInfo);
      // The first Bash card with its output opened.
      const listing = page.getByRole('article', { name: /ls -la/ });
      await listing.getByRole('button', { name: 'Show output' }).click();
      await expect(listing.getByLabel(/^Output of /)).toContainText('checking');
      await audit(page, scheme, '08-conversation-bash-output', testInfo);

      // The Changes pane with the file's diff.
      await page.getByRole('button', { name: /^Changes \(\d+\)$/ }).click();
      const changes = page.getByRole('region', { name: 'Changes' });
      await expect(changes).toBeVisible();
      await changes.getByRole('button', { name: /src\/app\.ts/ }).first().click();
      await expect(changes.getByRole('figure', { name: 'Changes to src/app.ts' })).toBeVisible();
      await audit(page, scheme, '09-changes', testInfo);
      await changes.getByRole('button', { name: 'Revert file' }).first().click();
      await expect(changes.getByRole('alertdialog')).toBeVisible();
      await audit(page, scheme, '10-changes-revert-confirm', testInfo);
      await page.keyboard.press('Escape');

      // The rules workbench: the sources, then a new rule tested against a command.
      await page.getByRole('button', { name: 'Permission rules', exact: true }).click();
      const rules = page.getByRole('region', { name: 'Permission rules' });
      await expect(rules.getByRole('region', { name: 'This project (shared with the team)' })).toContainText('Bash(git status)');
      await audit(page, scheme, '11-rules', testInfo);
      await rules.getByRole('button', { name: 'Show them' }).click();
      await expect(rules.getByRole('button', { name: 'Hide them' })).toBeVisible();
      await audit(page, scheme, '11b-rules-ready-made', testInfo);
      await rules.getByRole('button', { name: 'Hide them' }).click();
      await rules.getByRole('button', { name: 'New rule…' }).click();
      const add = rules.getByRole('region', { name: 'Add a rule' });
      await add.getByRole('textbox', { name: 'Rule', exact: true }).fill('Bash(touch:*)');
      await add.getByRole('textbox', { name: 'Try it on a command, file or web address' }).fill('touch notes.txt');
      await expect(add.getByRole('status').filter({ hasText: /Matches/ })).toBeVisible();
      await expect(add.getByRole('region', { name: 'Recent commands in this project' })).toBeVisible();
      await audit(page, scheme, '12-rules-add-test', testInfo);
      await add.getByRole('textbox', { name: 'Try it on a command, file or web address' }).fill('');
      await audit(page, scheme, '13-rules-add-empty-sample', testInfo);
      await page.getByRole('button', { name: 'Permission rules', exact: true }).click();

      // The inbox: two reads outside the project wait together; the window offers the inbox, which groups them.
      const outside = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-e2e-outside-'));
      const notes = [path.join(outside, 'shopping.txt'), path.join(outside, 'calls.txt')];
      await Promise.all(notes.map((f) => writeFile(f, 'A note.\n')));
      webApp.fake.push({ content: [{ type: 'text', text: 'Reading your two notes.' }, ...notes.map((file_path) => useTool('Read', { file_path }))] }, say('Understood, I leave them alone.'));
      await ask(page, 'Read my two notes');
      const modal = page.getByRole('dialog', { name: /^Allow Agent Desk to / });
      await expect(modal).toContainText('1 of 2');
      await expect(modal.getByRole('button', { name: 'Allow once' })).toBeEnabled();
      await audit(page, scheme, '14-approval-1-of-2', testInfo);
      await modal.getByRole('button', { name: 'Review all 2 in the inbox' }).click();
      const inbox = page.getByRole('dialog', { name: 'Approvals waiting' });
      await expect(inbox).toBeVisible();
      await expect(inbox.getByRole('region')).toHaveCount(1);
      // Answers are armed after a moment (a click meant for something else answers nothing): audit them enabled.
      await expect(inbox.getByRole('button', { name: 'Allow all 2' })).toBeEnabled();
      await audit(page, scheme, '15-inbox', testInfo);
      const group = inbox.getByRole('region').first();
      await group.getByRole('button', { name: 'Deny all 2' }).click();
      await expect(group.getByRole('textbox', { name: 'Feedback for the assistant' })).toBeVisible();
      await audit(page, scheme, '16-inbox-deny-feedback', testInfo);
      await group.getByRole('textbox', { name: 'Feedback for the assistant' }).fill('Those are private.');
      await group.getByRole('button', { name: 'Deny all 2' }).click();
      await expect(inbox).toContainText('Nothing is waiting for your answer.');
      await audit(page, scheme, '17-inbox-empty', testInfo);
      await page.getByRole('button', { name: 'Close approvals' }).click();
      await expect(transcript).toContainText('Understood, I leave them alone.');
      await rm(outside, { recursive: true, force: true });
    });

    test.describe('errors', () => {
      test.use({ webOptions: { apiKey: 'test-key', env: { AGENT_DESK_MAX_ATTEMPTS: '1' } } });

      test(`[${scheme}] the model cannot be reached; the key is refused`, async ({ page, webApp }, testInfo) => {
        webApp.fake.push({ drop: true });
        await page.goto(webApp.url);
        await ask(page, 'Fix the failing test');
        const notice = page.getByRole('note', { name: 'Why the assistant stopped' });
        await expect(notice).toContainText('Agent Desk could not reach Anthropic.');
        await audit(page, scheme, '20-model-unreachable', testInfo);
        await notice.getByRole('button', { name: 'Show technical details' }).click();
        await audit(page, scheme, '21-model-unreachable-details', testInfo);

        webApp.fake.push({ error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' } });
        await notice.getByRole('button', { name: 'Retry' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'invalid x-api-key' })).toBeVisible();
        await audit(page, scheme, '22-key-refused', testInfo);
      });
    });

    test.describe('no API key', () => {
      test.use({ webOptions: { apiKey: null } });

      test(`[${scheme}] the first screen asks for a key`, async ({ page, webApp }, testInfo) => {
        await page.goto(webApp.url);
        await expect(page.getByRole('region', { name: 'Connect Agent Desk to Claude' })).toBeVisible();
        await audit(page, scheme, '30-no-key', testInfo);
      });
    });

    test.describe('untrusted folder', () => {
      test.use({ webOptions: { apiKey: 'test-key', trustFolder: false } });

      test(`[${scheme}] a folder with its own settings asks to be trusted`, async ({ page, webApp }, testInfo) => {
        await mkdir(path.join(webApp.projectDir, '.claude'), { recursive: true });
        await writeFile(
          path.join(webApp.projectDir, '.claude', 'settings.json'),
          JSON.stringify({ env: { BUILD_FLAVOUR: 'nightly' }, permissions: { allow: ['Bash(npm run build)'] }, hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] } }),
        );
        await page.goto(webApp.url);
        await expect(page.getByRole('dialog', { name: /Do you trust the folder/ })).toBeVisible();
        await audit(page, scheme, '31-trust-folder', testInfo);
      });
    });
  });
}
