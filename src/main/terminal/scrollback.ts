// The recent output of one terminal, bounded, kept in main so a reloaded window gets its screen back.

export const SCROLLBACK_MAX_CHARS = 256 * 1024;

export interface Scrollback {
  append(data: string): void;
  text(): string;
}

export function createScrollback(maxChars = SCROLLBACK_MAX_CHARS): Scrollback {
  let chunks: string[] = [];
  let size = 0;
  return {
    append(data) {
      chunks.push(data);
      size += data.length;
      // Whole chunks go first; the oldest kept one is cut only when it alone is over the bound.
      while (size > maxChars && chunks.length > 1 && size - chunks[0]!.length >= maxChars) size -= chunks.shift()!.length;
      if (size > maxChars) {
        const joined = chunks.join('').slice(size - maxChars);
        chunks = [joined];
        size = joined.length;
      }
    },
    text: () => chunks.join(''),
  };
}
