// Brief (issue 19): Claude Code's SendUserMessage, alias Brief — its input, the words the model gets,
// attachments resolved against the working directory and checked first; read-only, never asks, deferred.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CanUseTool } from '../core/tool';
import { tempProject, type TempProject } from '../core/test-project';
import { createBriefTool } from './brief.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
const tool = createBriefTool(() => new Date('2026-12-07T10:00:00Z'));
let project: TempProject | undefined;
afterEach(() => project?.cleanup());

async function send(raw: unknown) {
  project ??= tempProject();
  const input = tool.inputSchema().parse(raw);
  const valid = await tool.validateInput!(input, project.ctx);
  if (!valid.result) return { error: valid.message };
  const { data } = await tool.call(input, project.ctx, allow, 'm', () => undefined);
  return { data, text: tool.mapResult(data, 't').content };
}

describe('Brief / SendUserMessage (issue 19)', () => {
  it("is Claude Code's SendUserMessage, also reachable by its earlier name Brief", () => {
    expect(tool.name).toBe('SendUserMessage');
    expect(tool.aliases).toEqual(['Brief']);
    expect(tool.shouldDefer).toBe(true);
    expect(tool.isReadOnly({ message: 'x', status: 'normal' })).toBe(true);
    expect(tool.isConcurrencySafe({ message: 'x', status: 'normal' })).toBe(true);
  });

  it('a message is delivered in Claude Code\'s words, with when it was sent', async () => {
    const r = await send({ message: '**Done**: the tests pass.', status: 'normal' });
    expect(r.text).toBe('Message delivered to user.');
    expect(r.data).toEqual({ message: '**Done**: the tests pass.', sentAt: '2026-12-07T10:00:00.000Z' });
  });

  it('attachments are resolved against the working directory and described; the count is in the result', async () => {
    project = tempProject();
    mkdirSync(path.join(project.dir, 'out'));
    writeFileSync(path.join(project.dir, 'out', 'shot.png'), Buffer.alloc(10));
    writeFileSync(path.join(project.dir, 'build.log'), 'ok\n');
    const r = await send({ message: 'Here it is', status: 'proactive', attachments: ['out/shot.png', path.join(project.dir, 'build.log')] });
    expect(r.text).toBe('Message delivered to user. (2 attachments included)');
    expect(r.data).toMatchObject({
      proactive: true,
      attachments: [
        { path: path.join(project.dir, 'out', 'shot.png'), size: 10, isImage: true },
        { path: path.join(project.dir, 'build.log'), size: 3, isImage: false },
      ],
    });
  });

  it('an attachment that does not exist, or is a folder, is a clear error before anything is sent', async () => {
    project = tempProject();
    expect((await send({ message: 'x', status: 'normal', attachments: ['nope.txt'] })).error).toBe(`Attachment ${path.join(project.dir, 'nope.txt')} does not exist.`);
    expect((await send({ message: 'x', status: 'normal', attachments: ['.'] })).error).toBe(`Attachment ${project.dir} is not a file.`);
  });

  it('status is required and is normal or proactive; nothing else is accepted', () => {
    expect(tool.inputSchema().safeParse({ message: 'x' }).success).toBe(false);
    expect(tool.inputSchema().safeParse({ message: 'x', status: 'urgent' }).success).toBe(false);
    expect(tool.inputSchema().safeParse({ message: 'x', status: 'normal', to: 'bob' }).success).toBe(false);
  });
});
