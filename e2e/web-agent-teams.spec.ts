// Agent teams in Chromium over the real web host (TL Teams): with CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS on,
// the scripted lead starts a team, puts a task on the team's list and starts two helpers with team_name;
// one helper messages the other; the person asks how the team is doing and sees the helpers and what each
// does; ending the team is refused while a helper works, and done once it is stopped. Screenshots of the
// cards are looked at.
import AxeBuilder from '@axe-core/playwright';
import type { RecordedRequest, ScriptedReply } from '../test/fake-model/server';
import { expect, screenshotPath, test } from './fixtures';
import { ask } from './tool-helpers';

type Block = { type: string; text?: string; content?: unknown; tool_use_id?: string };
type Msg = { role: string; content: string | Block[] };
const textOf = (m: Msg | undefined): string =>
  !m ? '' : typeof m.content === 'string' ? m.content : m.content.map((b) => b.text ?? (typeof b.content === 'string' ? b.content : '')).join('\n');
const tool = (id: string, name: string, input: Record<string, unknown>) => ({ type: 'tool_use' as const, id, name, input });
const say = (text: string): ScriptedReply => ({ content: [{ type: 'text', text }] });
const answered = (m: Msg | undefined, id: string) => typeof m?.content !== 'string' && (m?.content ?? []).some((b) => b.tool_use_id === id);

function router(req: RecordedRequest): ScriptedReply {
  const messages = req.body.messages as Msg[];
  const last = messages.at(-1);
  const first = textOf(messages[0]);
  if (first.startsWith('Write the intro')) {
    if (messages.length === 1) return { content: [tool('toolu_w1', 'SendMessage', { to: 'reviewer', summary: 'intro ready', message: 'The intro is in README.md' })] };
    return say('Intro written.');
  }
  if (first.startsWith('Review the intro')) return textOf(last).includes('teammate_id="writer"') ? { hang: true } : say('Ready for the intro.');
  if (textOf(last).startsWith('Review the docs')) return { content: [tool('toolu_c1', 'TeamCreate', { team_name: 'docs-review', description: 'Review the docs folder' })] };
  if (answered(last, 'toolu_c1'))
    return {
      content: [
        tool('toolu_t1', 'TaskCreate', { subject: 'Write the intro', description: 'A short intro for README.md' }),
        tool('toolu_a1', 'Agent', { team_name: 'docs-review', name: 'writer', description: 'Write the intro', prompt: 'Write the intro' }),
        tool('toolu_a2', 'Agent', { team_name: 'docs-review', name: 'reviewer', description: 'Review the intro', prompt: 'Review the intro' }),
      ],
    };
  if (answered(last, 'toolu_a1')) return say('The team is at work.');
  if (textOf(last) === 'How is the team doing? End it when you can.') return { content: [tool('toolu_l1', 'ListPeers', {})] };
  if (answered(last, 'toolu_l1')) return { content: [tool('toolu_d1', 'TeamDelete', {})] };
  if (answered(last, 'toolu_d1')) {
    const peers = textOf(messages.find((m) => answered(m, 'toolu_l1')));
    return { content: [tool('toolu_s1', 'TaskStop', { task_id: /- reviewer \(general-purpose\): working; task (\S+)/.exec(peers)?.[1] ?? 'none' })] };
  }
  if (answered(last, 'toolu_s1')) return { content: [tool('toolu_d2', 'TeamDelete', {})] };
  return say('The team is done: the reviewer was stopped and the team ended.');
}

test.describe('agent teams', () => {
  test.use({ webOptions: { apiKey: 'test-key', env: { CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1' } } });

  test('TL a team starts with two helpers, the person sees who does what, and it ends once none works', async ({ page, webApp }) => {
    for (let i = 0; i < 30; i++) webApp.fake.push(router);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(webApp.url);
    await ask(page, 'Review the docs with a team of two');

    const transcript = page.getByRole('log', { name: 'Transcript' });
    await expect(transcript).toContainText('The team is at work.');
    await expect(transcript).toContainText('Started the team “docs-review”');
    await expect(transcript).toContainText('For: Review the docs folder');
    // The two helpers' cards, and under the writer's, its message to the reviewer.
    await transcript.getByRole('button', { name: /^Handed 2 tasks to helper agents/ }).click();
    await expect(transcript.getByRole('article', { name: /^Message to reviewer · intro ready/ })).toBeVisible();
    await page.screenshot({ path: screenshotPath('agent-teams-started') });

    // Give the reviewer time to wake with the writer's message and work on.
    await expect.poll(() => webApp.fake.requests.some((r) => textOf((r.body.messages as Msg[]).at(-1)).includes('teammate_id="writer"'))).toBe(true);
    await ask(page, 'How is the team doing? End it when you can.');
    await expect(transcript).toContainText('The team is done: the reviewer was stopped and the team ended.');
    await expect(transcript).toContainText('Team “docs-review”: 2 helpers, 1 working');
    await expect(transcript).toContainText('Ended the team “docs-review” (2 helpers)');
    await expect(transcript).toContainText('Not ended yet: reviewer is still working. The team can end once it stops.');
    const axe = await new AxeBuilder({ page }).include('[aria-label="Transcript"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.screenshot({ path: screenshotPath('agent-teams-ended'), fullPage: true });
  });
});
