// SendUserMessage's attachments: each path resolved against the working directory and checked before
// anything is sent (it exists and is a file), then described for the view (size, whether it is a picture).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { BriefAttachment } from '../../../shared/tools/brief';

const IMAGE = /\.(png|jpe?g|gif|webp|svg|bmp)$/i;

export const resolveAttachment = (p: string, cwd: string): string => path.resolve(cwd, p);

/** The first attachment that cannot be sent, in plain words; null when all can. */
export async function attachmentProblem(paths: readonly string[], cwd: string): Promise<string | null> {
  for (const p of paths) {
    const abs = resolveAttachment(p, cwd);
    try {
      const s = await stat(abs);
      if (!s.isFile()) return `Attachment ${abs} is not a file.`;
    } catch {
      return `Attachment ${abs} does not exist.`;
    }
  }
  return null;
}

export async function describeAttachments(paths: readonly string[], cwd: string): Promise<BriefAttachment[]> {
  return Promise.all(
    paths.map(async (p) => {
      const abs = resolveAttachment(p, cwd);
      return { path: abs, size: (await stat(abs)).size, isImage: IMAGE.test(abs) };
    }),
  );
}
