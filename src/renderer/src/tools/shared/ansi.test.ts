// Checks of terminal output parsing: colours and styles as runs, every other escape removed, line redraws, chunks split mid-escape, and a palette that reads on the output box.
import { describe, expect, it } from 'vitest';
import { ANSI_PALETTE, BG_MAX_LUMINANCE, FG_MIN_LUMINANCE, NO_CARRY, ansiProps, parseAnsi, parseAnsiChunks, type AnsiRun } from './ansi';

const E = '\x1b';
/** Runs as [text, style] pairs, short to read. */
const runs = (text: string) => parseAnsi(text).runs.map((r: AnsiRun) => [r.text, r.style]);

const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** Tools.css: the output box's background in the light and the dark theme, its text, and failed stderr. */
const BOX_BACKGROUNDS = ['#16181d', '#0f1114'];
const BOX_TEXTS = ['#dfe3e8', '#ff9c94'];

describe('parseAnsi', () => {
  it('text without escapes is one plain run, itself', () => {
    const p = parseAnsi('all good\n\tdone');
    expect(p.text).toBe('all good\n\tdone');
    expect(p.runs).toEqual([{ text: 'all good\n\tdone', style: null }]);
    expect(p.carry).toEqual(NO_CARRY);
    expect(parseAnsi('').runs).toEqual([]);
  });

  it('the 16 colours, foreground and background, and reset', () => {
    expect(runs(`a${E}[31mred${E}[0mb`)).toEqual([
      ['a', null],
      ['red', { fg: 1 }],
      ['b', null],
    ]);
    expect(runs(`${E}[92;44mx${E}[39my${E}[49mz${E}[101mw${E}[m.`)).toEqual([
      ['x', { fg: 10, bg: 4 }],
      ['y', { bg: 4 }],
      ['z', null],
      ['w', { bg: 9 }],
      ['.', null],
    ]);
    expect(parseAnsi(`${E}[31mred${E}[0m`).text).toBe('red');
  });

  it('bold, dim, italic, underline, strike-through, each turned off on its own', () => {
    expect(runs(`${E}[1mB${E}[22m ${E}[2mD${E}[22m ${E}[3mI${E}[23m ${E}[4mU${E}[24m ${E}[9mS${E}[29m.`)).toEqual([
      ['B', { bold: true }],
      [' ', null],
      ['D', { dim: true }],
      [' ', null],
      ['I', { italic: true }],
      [' ', null],
      ['U', { underline: true }],
      [' ', null],
      ['S', { strike: true }],
      ['.', null],
    ]);
    // chalk opens bold again inside bold; one close must still end it.
    expect(runs(`${E}[1ma${E}[1mb${E}[22m${E}[1mc${E}[22md`)).toEqual([
      ['abc', { bold: true }],
      ['d', null],
    ]);
    expect(runs(`${E}[1;31mx${E}[0m`)).toEqual([['x', { fg: 1, bold: true }]]);
  });

  it('256 colours: the first 16 are the palette, the rest inline and readable', () => {
    expect(runs(`${E}[38;5;9mx`)).toEqual([['x', { fg: 9 }]]);
    expect(runs(`${E}[38;5;214mx`)).toEqual([['x', { fg: '#ffaf00' }]]);
    expect(runs(`${E}[48;5;235mx`)).toEqual([['x', { bg: '#262626' }]]);
    // Dark blue text would vanish on the dark box: lightened, still blue.
    const [[, style]] = runs(`${E}[38;5;18mx`) as [[string, { fg: string }]];
    expect(style.fg).toMatch(/^#[0-9a-f]{6}$/);
    expect(luminance(style.fg)).toBeGreaterThanOrEqual(FG_MIN_LUMINANCE);
    expect(parseInt(style.fg.slice(5, 7), 16)).toBeGreaterThan(parseInt(style.fg.slice(1, 3), 16));
  });

  it('truecolour foreground and background, in both the semicolon and the colon form', () => {
    expect(runs(`${E}[38;2;255;128;0mx${E}[0m`)).toEqual([['x', { fg: '#ff8000' }]]);
    expect(runs(`${E}[38:2::255:128:0mx`)).toEqual([['x', { fg: '#ff8000' }]]);
    // A light background is darkened so the text on it stays readable.
    const [[, style]] = runs(`${E}[48;2;255;255;255mx`) as [[string, { bg: string }]];
    expect(luminance(style.bg)).toBeLessThanOrEqual(BG_MAX_LUMINANCE);
    // A 1 inside the colour is not bold.
    expect(runs(`${E}[38;2;1;1;1mx`)[0]![1]).not.toHaveProperty('bold');
  });

  it('reverse video swaps the colours, or the defaults when none is set', () => {
    expect(runs(`${E}[7;31mx`)).toEqual([['x', { bg: 1 }]]);
    expect(runs(`${E}[7mx${E}[27my`)).toEqual([
      ['x', { inverse: true }],
      ['y', null],
    ]);
  });

  it('removes every other escape: cursor moves, erase, modes, titles, hyperlinks, charsets, controls', () => {
    const text = [
      `${E}[?25lhidden cursor${E}[?25h`,
      `${E}[2Aup${E}[10;5Hat`,
      `${E}]0;My title${E}\\titled`,
      `${E}]2;bell title\x07belled`,
      `${E}]8;;https://example.com${E}\\link${E}]8;;${E}\\`,
      `${E}(Bcharset${E}7saved${E}8`,
      `${E}P1$r0m${E}\\dcs`,
      `bell\x07 del\x7f so\x0e si\x0f csi\x9b31mc1`,
    ].join('|');
    const p = parseAnsi(text);
    expect(p.text).toBe('hidden cursor|upat|titled|belled|link|charsetsaved|dcs|bell del so si csic1');
    expect(p.text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    expect(p.runs.at(-1)).toEqual({ text: 'c1', style: { fg: 1 } });
  });

  it('a stray ESC is dropped and what follows it is text', () => {
    expect(parseAnsi(`a${E}\nb`).text).toBe('a\nb');
  });

  it('applies line redraws: `\\r` starts the line over, backspace takes a character back, `\\r\\n` is a line end', () => {
    expect(parseAnsi('start\n 10%\r 50%\r100%\ndone').text).toBe('start\n100%\ndone');
    expect(parseAnsi('a\r\nb\r\n').text).toBe('a\nb\n');
    expect(parseAnsi('waiting 90%\r').text).toBe('waiting 90%');
    expect(parseAnsi(`${E}[32m10%${E}[0m\r${E}[32m20%${E}[0m`).runs).toEqual([{ text: '20%', style: { fg: 2 } }]);
    expect(parseAnsi(`spin |${E}[2K${E}[1Gspin /`).text).toBe('spin /');
    expect(parseAnsi('N\bNA\bAME\n|\b/\b-').text).toBe('NAME\n-');
    expect(parseAnsi('ab\n\b\bc').text).toBe('ab\nc');
  });

  it('an escape split across chunks prints nothing and styles what follows it', () => {
    const first = parseAnsi(`ok ${E}[3`);
    expect(first.text).toBe('ok ');
    const second = parseAnsi('1mred', first.carry);
    expect(second.runs).toEqual([{ text: 'red', style: { fg: 1 } }]);
    expect(parseAnsi(`${E}`).text).toBe('');
    const title = parseAnsi(`x${E}]0;ti`);
    expect(title.text).toBe('x');
    expect(parseAnsi(`tle\x07y`, title.carry).text).toBe('y');
  });

  it('colours carry over to the same stream’s next chunk, not to the other stream', () => {
    const chunks = [
      { stream: 'stdout', text: `${E}[1;38;5;200;48;2;1;2;3mA` },
      { stream: 'stderr', text: 'B' },
      { stream: 'stdout', text: `C${E}[0mD` },
      { stream: 'stderr', text: `${E}[3` },
      { stream: 'stdout', text: 'E' },
      { stream: 'stderr', text: '3mF' },
    ];
    const parsed = parseAnsiChunks(chunks);
    expect(parsed.map((p) => p.text)).toEqual(['A', 'B', 'CD', '', 'E', 'F']);
    expect(parsed[2]!.runs).toEqual([
      { text: 'C', style: parsed[0]!.runs[0]!.style },
      { text: 'D', style: null },
    ]);
    expect(parsed[1]!.runs[0]!.style).toBeNull();
    expect(parsed[5]!.runs[0]!.style).toEqual({ fg: 3 });
  });

  it('remembers each chunk: the same chunks give the same parse, a grown chunk a new one', () => {
    const a = { stream: 'stdout', text: `${E}[31mx` };
    const b = { stream: 'stdout', text: 'y' };
    const once = parseAnsiChunks([a, b]);
    const twice = parseAnsiChunks([a, b]);
    expect(twice[0]).toBe(once[0]);
    expect(twice[1]).toBe(once[1]);
    // The first chunk's colour changed: the second, which carries it, is parsed again.
    const again = parseAnsiChunks([{ ...a, text: `${E}[32mx` }, b]);
    expect(again[1]!.runs[0]!.style).toEqual({ fg: 2 });
  });

  it('a long output parses quickly', () => {
    const line = `${E}[32m✓${E}[39m src/a.test.ts ${E}[2m(3 tests)${E}[22m ${E}[33m12ms${E}[39m\n`;
    const text = line.repeat(4_000);
    const t0 = performance.now();
    const p = parseAnsi(text);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(p.text.length).toBe(' src/a.test.ts (3 tests) 12ms\n'.length * 4_000 + 4_000);
  });
});

describe('ansiProps', () => {
  it('the 16 colours and the styles as classes, other colours inline', () => {
    expect(ansiProps({ fg: 1, bg: 12, bold: true, underline: true })).toEqual({ className: 'ansi-fg-1 ansi-bg-12 ansi-bold ansi-underline' });
    expect(ansiProps({ fg: '#ff8000', bg: '#101010', italic: true, strike: true })).toEqual({
      className: 'ansi-italic ansi-strike',
      style: { color: '#ff8000', backgroundColor: '#101010' },
    });
    expect(ansiProps({ inverse: true, dim: true })).toEqual({ className: 'ansi-inverse ansi-dim' });
  });

  it('without colours (a marked line) only the text styles remain', () => {
    expect(ansiProps({ fg: 1, bg: '#101010', dim: true, bold: true }, false)).toEqual({ className: 'ansi-bold' });
    expect(ansiProps({ fg: 1 }, false)).toEqual({});
  });
});

describe('ANSI_PALETTE', () => {
  it('every colour reads at 4.5:1 on the output box in both themes and on every background colour', () => {
    const texts = [...ANSI_PALETTE.fg, ANSI_PALETTE.dim, ...BOX_TEXTS];
    const worst = Math.min(...texts.flatMap((t) => [...BOX_BACKGROUNDS, ...ANSI_PALETTE.bg].map((b) => contrast(t, b))));
    expect(worst).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ANSI_PALETTE.inverseFg, ANSI_PALETTE.inverseBg)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the bounds the inline colours are held to, so any inline pairing reads too', () => {
    for (const c of ANSI_PALETTE.fg) expect(luminance(c)).toBeGreaterThanOrEqual(FG_MIN_LUMINANCE);
    for (const c of ANSI_PALETTE.bg) expect(luminance(c)).toBeLessThanOrEqual(BG_MAX_LUMINANCE);
    expect((FG_MIN_LUMINANCE + 0.05) / (BG_MAX_LUMINANCE + 0.05)).toBeGreaterThanOrEqual(4.5);
    expect((FG_MIN_LUMINANCE + 0.05) / (luminance(BOX_BACKGROUNDS[0]!) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
