// The last lines of a task's output file for the panel, read from its end only (a chatty dev server's
// file can be large): at most 16 KiB, colour codes kept, a partial first line dropped.
import { open } from 'node:fs/promises';

const MAX_BYTES = 16 * 1024;

export async function readOutputTail(file: string, lines = 20): Promise<string> {
  let fh;
  try {
    fh = await open(file, 'r');
  } catch {
    return '';
  }
  try {
    const { size } = await fh.stat();
    const start = Math.max(0, size - MAX_BYTES);
    const buf = Buffer.alloc(size - start);
    await fh.read(buf, 0, buf.length, start);
    let text = buf.toString('utf8').replace(/\r\n/g, '\n');
    if (start > 0) text = text.slice(text.indexOf('\n') + 1);
    const all = text.replace(/\n$/, '').split('\n');
    return all.slice(-lines).join('\n');
  } catch {
    return '';
  } finally {
    await fh.close();
  }
}
