// The Read bench's file: exactly 10 MiB of code-like ASCII text in 200,000 lines, generated from a fixed
// seed so every run reads the same bytes. Line lengths vary (21–82 characters) but 2,000 of them always
// fit under Read's output cap, so every page the bench asks for is a real answer, not a size error.
import { writeFileSync } from 'node:fs';
import { prng, WORDS } from './lib/prng';

export const READ_FIXTURE_LINES = 200_000;
export const READ_FIXTURE_BYTES = 10 * 1024 * 1024;

function codeLine(rand: () => number): string {
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
  const r = rand();
  const indent = '  '.repeat(Math.floor(rand() * 4));
  if (r < 0.08) return `export function ${pick()}${pick()[0]!.toUpperCase()}${pick().slice(1)}(${pick()}: number, ${pick()}: string) {`;
  if (r < 0.14) return `${indent}}`;
  if (r < 0.2) return `${indent}// ${pick()} the ${pick()} before the ${pick()} ${pick()}`;
  if (r < 0.28) return `${indent}if (${pick()}.${pick()} > ${Math.floor(rand() * 1000)}) return ${pick()};`;
  return `${indent}const ${pick()} = ${pick()}(${pick()}, ${Math.floor(rand() * 1000)}); // ${pick()} ${pick()}`;
}

/** Cut or pad (with a trailing comment) to exactly `len` characters. */
function fit(line: string, len: number): string {
  if (line.length >= len) return line.slice(0, len);
  let out = line.includes('//') ? `${line} ` : `${line} // `;
  while (out.length < len) out += 'lorem ipsum dolor sit amet ';
  return out.slice(0, len);
}

/**
 * Writes the fixture to `file` and returns its size. Lengths: the first 85,760 lines have a base of
 * 52 characters, the rest 51, and each even/odd pair moves ±d (d < 31) — so the total is exactly
 * 10 MiB with the newlines.
 */
export function writeReadFixture(file: string): number {
  const rand = prng(0x5eed_4ead);
  // Σ(length + 1 newline) = 10 MiB: every line gets 51 characters, the first `long` one more.
  const long = READ_FIXTURE_BYTES - READ_FIXTURE_LINES * (51 + 1);
  const lines: string[] = new Array<string>(READ_FIXTURE_LINES);
  let d = 0;
  for (let i = 0; i < READ_FIXTURE_LINES; i++) {
    if (i % 2 === 0) d = Math.floor(rand() * 31);
    const base = i < long ? 52 : 51;
    lines[i] = fit(codeLine(rand), base + (i % 2 === 0 ? d : -d));
  }
  const text = lines.join('\n') + '\n';
  writeFileSync(file, text);
  return Buffer.byteLength(text);
}
