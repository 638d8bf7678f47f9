// AskUserQuestion (issue 19): asks the person whatever the rules and mode say; their reply's answers
// become the call's input and reach the model in Claude Code's words; headless the model is told that
// nobody is there; answers the model wrote itself, or another tool's "answer", change nothing.
import { describe, expect, it } from 'vitest';
import { createHeadlessPrompter } from '../../permissions/headless-prompter';
import { createRunToolUse } from '../pipeline/run-tool-use';
import { harness, makeBashLike, scriptedPrompter, toolUse } from '../pipeline/test-helpers';
import { createAskUserQuestionTool } from './ask-user-question.tool';

const noProgress = () => {};
const live = () => new AbortController().signal;
const input = {
  questions: [
    { question: 'Which database?', header: 'Database', options: [{ label: 'SQLite', description: 'A file' }, { label: 'Postgres', description: 'A server' }] },
    { question: 'Which checks?', header: 'Checks', multiSelect: true, options: [{ label: 'Lint', description: '' }, { label: 'Types', description: '' }] },
  ],
};
const answered = { ...input, answers: { 'Which database?': 'SQLite', 'Which checks?': 'Lint, Types' } };

describe('AskUserQuestion (issue 19)', () => {
  it('issue 19 the answers in the reply reach the model as Claude Code words them', async () => {
    const tool = createAskUserQuestionTool();
    const prompter = scriptedPrompter([{ decision: 'allow_once', updatedInput: answered }]);
    const h = harness({ tools: [tool], prompter });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'AskUserQuestion', input), live(), noProgress);
    expect(out.state).toBe('succeeded');
    expect(out.content).toBe(
      'User has answered your questions: "Which database?"="SQLite", "Which checks?"="Lint, Types". You can now continue with the user\'s answers in mind.',
    );
    // The card shows the answered input.
    expect(h.views.at(-1)!.input).toMatchObject({ answers: answered.answers });
    expect(prompter.requests[0]!.input).toEqual({ questions: input.questions.map((q) => ({ multiSelect: false, ...q })) });
  });

  it('issue 19 asks even in bypassPermissions and with an allow rule: only the person answers', async () => {
    const tool = createAskUserQuestionTool();
    const prompter = scriptedPrompter([{ decision: 'allow_once', updatedInput: answered }]);
    const h = harness({ tools: [tool], prompter, mode: 'bypassPermissions', rules: { allow: [{ rule: 'AskUserQuestion', source: 'cliArg' }], deny: [], ask: [] } });
    expect((await createRunToolUse(h.deps)(toolUse('t1', 'AskUserQuestion', input), live(), noProgress)).state).toBe('succeeded');
    expect(prompter.requests).toHaveLength(1);
  });

  it('issue 19 an approval without answers is a clear error, and so is an answer that is not one', async () => {
    const tool = createAskUserQuestionTool();
    const h = harness({ tools: [tool], prompter: scriptedPrompter([{ decision: 'allow_once' }, { decision: 'allow_once', updatedInput: { questions: 'x' } }]) });
    const run = createRunToolUse(h.deps);
    const none = await run(toolUse('t1', 'AskUserQuestion', input), live(), noProgress);
    expect(none.state).toBe('failed');
    expect(none.content).toContain('No answer was given to: "Which database?", "Which checks?"');
    const bad = await run(toolUse('t2', 'AskUserQuestion', input), live(), noProgress);
    expect(bad.state).toBe('rejected');
    expect(bad.content).toContain("The user's answer could not be used");
  });

  it('issue 19 the person declining is a denial the model reads', async () => {
    const h = harness({ tools: [createAskUserQuestionTool()], prompter: scriptedPrompter([{ decision: 'deny' }]) });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'AskUserQuestion', input), live(), noProgress);
    expect(out.state).toBe('rejected');
    expect(out.content).toContain('The user denied this AskUserQuestion call');
  });

  it('issue 19 headless: the model is told nobody is there to answer', async () => {
    const h = harness({ tools: [createAskUserQuestionTool()], prompter: createHeadlessPrompter() });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'AskUserQuestion', input), live(), noProgress);
    expect(out.state).toBe('rejected');
    expect(out.content).toBe(
      'AskUserQuestion did not run: agent-desk is running headless, so there is no person to answer. Do not ask again in this run: decide yourself, say what you assumed, and go on.',
    );
  });

  it('issue 19 answers the model wrote itself are refused before anyone is asked', async () => {
    const prompter = scriptedPrompter([]);
    const h = harness({ tools: [createAskUserQuestionTool()], prompter });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'AskUserQuestion', answered), live(), noProgress);
    expect(out.state).not.toBe('succeeded');
    expect(out.content).toContain('answers are filled in by the user');
    expect(prompter.requests).toHaveLength(0);
  });

  it('issue 19 the schema keeps Claude Code\'s limits: 1–4 questions, 2–4 options, unique texts', () => {
    const schema = createAskUserQuestionTool().inputSchema();
    expect(schema.safeParse({ questions: [] }).success).toBe(false);
    expect(schema.safeParse({ questions: [{ ...input.questions[0], options: [input.questions[0]!.options[0]] }] }).success).toBe(false);
    expect(schema.safeParse({ questions: [input.questions[0], input.questions[0]] }).success).toBe(false);
    expect(schema.safeParse({ questions: [{ ...input.questions[0], header: 'A header far too long' }] }).success).toBe(false);
    expect(schema.safeParse(input).success).toBe(true);
  });

  it('issue 19 another tool\'s approval never changes what it runs', async () => {
    const bash = makeBashLike();
    const h = harness({ tools: [bash], prompter: scriptedPrompter([{ decision: 'allow_once', updatedInput: { command: 'rm -rf /' } }]) });
    const out = await createRunToolUse(h.deps)(toolUse('t1', 'Bash', { command: 'ls' }), live(), noProgress);
    expect(out.state).toBe('succeeded');
    expect(h.views.at(-1)!.input).toEqual({ command: 'ls' });
  });
});
