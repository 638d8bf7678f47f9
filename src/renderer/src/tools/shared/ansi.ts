// Terminal output as plain text in styled runs: SGR colours and styles kept, every other escape and control removed.
import Anser from 'anser';
import type { CSSProperties } from 'react';

/** 0–15: one of the 16 terminal colours (a class, the palette below); a string: a CSS colour made readable. */
export type AnsiColour = number | string;

export interface AnsiStyle {
  fg?: AnsiColour;
  bg?: AnsiColour;
  bold?: true;
  dim?: true;
  italic?: true;
  underline?: true;
  strike?: true;
  /** Reverse video with no colours set: the default colours swapped. */
  inverse?: true;
}

export interface AnsiRun {
  text: string;
  style: AnsiStyle | null;
}

/** What one chunk leaves for the stream's next chunk: its SGR state, and an escape not finished yet. */
export interface AnsiCarry {
  sgr: string;
  pending: string;
}

export interface ParsedAnsi {
  /** The visible text: what is shown, copied and read aloud; marks are offsets into it. */
  text: string;
  runs: AnsiRun[];
  carry: AnsiCarry;
}

export const NO_CARRY: AnsiCarry = { sgr: '', pending: '' };

/**
 * Every foreground is at least this light and every background at most this dark (relative
 * luminance), so any pairing, and any foreground on the output box, is at least 4.5:1 (WCAG AA).
 */
export const FG_MIN_LUMINANCE = 0.3;
export const BG_MAX_LUMINANCE = 0.026;

/**
 * The 16 colours. The output box is dark in both the light and the dark theme (Tools.css), so one
 * palette serves both; OutputBox sets it on the box as CSS variables that the ansi-* classes read.
 * Foregrounds are GitHub's dark terminal colours (black lifted to a grey that can be read);
 * backgrounds are dark tints of the same hues, so coloured text on them stays readable.
 */
export const ANSI_PALETTE = {
  fg: ['#9198a1', '#ff7b72', '#3fb950', '#d29922', '#58a6ff', '#bc8cff', '#39c5cf', '#c9d1d9', '#a6adb7', '#ffa198', '#56d364', '#e3b341', '#79c0ff', '#d2a8ff', '#56d4dd', '#f0f6fc'],
  bg: ['#08090b', '#3d1414', '#0a2710', '#2a2107', '#11213f', '#30183b', '#062626', '#25282c', '#1d2025', '#501b1b', '#0d3416', '#382b09', '#162c53', '#3f1f4e', '#083232', '#2a2d30'],
  dim: '#9aa1ab',
  inverseFg: '#16181d',
  inverseBg: '#dfe3e8',
} as const;

export const ANSI_PALETTE_VARS = Object.fromEntries([
  ...ANSI_PALETTE.fg.map((c, i) => [`--ansi-fg-${i}`, c]),
  ...ANSI_PALETTE.bg.map((c, i) => [`--ansi-bg-${i}`, c]),
  ['--ansi-dim', ANSI_PALETTE.dim],
  ['--ansi-inverse-fg', ANSI_PALETTE.inverseFg],
  ['--ansi-inverse-bg', ANSI_PALETTE.inverseBg],
]) as CSSProperties;

/** A control character other than tab and newline (ESC, `\r`, backspace, BEL, C1 …). */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
/**
 * A whole escape sequence at a position: SGR (group 1: its parameters), any other CSI (cursor moves,
 * erase line, modes), OSC (titles, hyperlinks) ended by BEL or ST, DCS/SOS/PM/APC ended by ST, and
 * the short ESC sequences (charset, keypad, save cursor). Groups 2 and 3: another CSI's parameters and final.
 */
const SEQUENCE = /(?:\x1b\[|\x9b)([0-9;:]*)m|(?:\x1b\[|\x9b)([0-?]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[ -/]*[0-~]/y;
/** The start of one of those, running to the end of the text: the rest is in the next chunk. */
const PARTIAL = /(?:\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b\n]*\x1b?|[PX^_][^\x1b\n]*\x1b?|[ -/]*)|\x9b[0-?]*[ -/]*)$/y;
/** Longer than this and an unfinished escape is taken as garbage, not held back (a hyperlink's URL fits). */
const MAX_PENDING = 4096;

const ANSER_OPTIONS = { use_classes: true };
const COLOUR_NAMES = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];
const DECORATION_CODES: Record<string, number> = { bold: 1, dim: 2, italic: 3, underline: 4, blink: 5, reverse: 7, hidden: 8, strikethrough: 9 };

/** anser's colour state (its types say string; unset colours are null). */
interface SgrState {
  fg: string | null;
  bg: string | null;
  fg_truecolor: string | null;
  bg_truecolor: string | null;
  decorations: readonly string[];
}
type RawColour = number | [number, number, number];

/** anser's colour (a class name with use_classes) as a palette index or an RGB triple. */
function rawColour(cls: string | null, truecolor: string | null): RawColour | undefined {
  if (!cls) return undefined;
  if (cls === 'ansi-truecolor') return truecolor ? (truecolor.split(',').map(Number) as [number, number, number]) : undefined;
  const palette = /^ansi-palette-(\d+)$/.exec(cls);
  if (palette) return xterm256(Number(palette[1]));
  const bright = cls.startsWith('ansi-bright-');
  const i = COLOUR_NAMES.indexOf(cls.slice(bright ? 12 : 5));
  return i < 0 ? undefined : i + (bright ? 8 : 0);
}

/** Colours 16–255 of the xterm palette: a 6×6×6 cube, then 24 greys. */
function xterm256(n: number): [number, number, number] {
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return [v, v, v];
  }
  const levels = [0, 95, 135, 175, 215, 255];
  const c = n - 16;
  return [levels[Math.floor(c / 36)]!, levels[Math.floor(c / 6) % 6]!, levels[c % 6]!];
}

/** anser's state back as SGR parameters, to start the stream's next chunk where this one ended. */
function sgrOf(s: SgrState): string {
  const codes: (number | string)[] = s.decorations.map((d) => DECORATION_CODES[d]!).filter(Boolean);
  const colour = (cls: string | null, truecolor: string | null, base: number) => {
    const c = rawColour(cls, truecolor);
    if (c === undefined) return;
    if (Array.isArray(c)) codes.push(cls === 'ansi-truecolor' ? `${base + 8};2;${c.join(';')}` : `${base + 8};5;${cls!.slice(13)}`);
    else codes.push(c < 8 ? base + c : base + 60 + c - 8);
  };
  colour(s.fg, s.fg_truecolor, 30);
  colour(s.bg, s.bg_truecolor, 40);
  return codes.join(';');
}

/**
 * ITU colon forms (`38:2::r:g:b`, `4:3`) as the semicolon forms anser reads; left alone, anser
 * would take the colour's numbers for more codes (a `1` in it turning bold on).
 */
function semicolons(params: string): string {
  if (!params.includes(':')) return params;
  return params
    .split(';')
    .map((p) => {
      if (!p.includes(':')) return p;
      const [code, mode, ...rest] = p.split(':');
      if (code === '38' || code === '48') {
        if (mode === '5') return `${code};5;${rest[0] ?? ''}`;
        if (mode === '2') return `${code};2;${rest.slice(-3).join(';')}`;
        return '';
      }
      if (code === '4') return mode === '0' ? '24' : '4'; // curly, dotted … underlines are underlines
      return code === '58' ? '' : (code ?? ''); // underline colour: not shown
    })
    .filter(Boolean)
    .join(';');
}

const luminance = ([r, g, b]: readonly number[]): number => {
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};
/** Rounded the way that keeps the bound: up for a foreground (lighter), down for a background. */
const hex = (c: readonly number[], round: (v: number) => number): string => `#${c.map((v) => round(v).toString(16).padStart(2, '0')).join('')}`;

const readable = new Map<string, string>();

/**
 * A 256-colour or truecolour as it is shown: lightened towards white (a foreground) or darkened
 * towards black (a background) just enough to keep the contrast the palette keeps, hue kept.
 */
function readableColour(c: readonly [number, number, number], role: 'fg' | 'bg'): string {
  const key = `${role}${c.join(',')}`;
  let shown = readable.get(key);
  if (shown !== undefined) return shown;
  const at = (t: number) => (role === 'fg' ? c.map((v) => v + (255 - v) * t) : c.map((v) => v * (1 - t)));
  const ok = (t: number) => (role === 'fg' ? luminance(at(t)) >= FG_MIN_LUMINANCE : luminance(at(t)) <= BG_MAX_LUMINANCE);
  let t = 0;
  if (!ok(0)) {
    let lo = 0;
    t = 1;
    for (let i = 0; i < 16; i++) {
      const mid = (lo + t) / 2;
      if (ok(mid)) t = mid;
      else lo = mid;
    }
  }
  shown = hex(at(t), role === 'fg' ? Math.ceil : Math.floor);
  if (readable.size > 2000) readable.clear(); // truecolour gradients: many colours, each seen a few times
  readable.set(key, shown);
  return shown;
}

interface Transition {
  /** The state after, as SGR parameters (how it is carried to the next chunk). */
  sgr: string;
  style: AnsiStyle | null;
}
const transitions = new Map<string, Transition>();
/** One style object per look, so runs that look alike join even when codes came between them. */
const styles = new Map<string, AnsiStyle | null>([['null', null]]);

/**
 * The state after SGR `params` from the state `from`. Output repeats a handful of codes thousands
 * of times, so each transition is worked out once (by anser, from a fresh state) and remembered.
 */
function transition(from: string, params: string): Transition {
  const key = `${from}|${params}`;
  let t = transitions.get(key);
  if (t) return t;
  const anser = new Anser();
  if (from) anser.processChunkJson(`${from}m`, ANSER_OPTIONS, true);
  const entry = anser.processChunkJson(`${params}m`, ANSER_OPTIONS, true) as unknown as SgrState;
  // anser adds a decoration each time it is turned on and removes one copy when turned off; chalk
  // turns bold on again inside bold, so a copy would keep it on after it closed.
  const state = { ...entry, decorations: [...new Set(entry.decorations)] };
  const look = styleOf(state);
  const lookKey = JSON.stringify(look);
  if (!styles.has(lookKey)) styles.set(lookKey, look);
  t = { sgr: sgrOf(state), style: styles.get(lookKey)! };
  if (transitions.size > 5000) {
    // A bound for truecolour gradients; runs keep the style objects they hold.
    transitions.clear();
    styles.clear();
    styles.set('null', null);
  }
  transitions.set(key, t);
  return t;
}

function styleOf(s: SgrState): AnsiStyle | null {
  const d = new Set(s.decorations);
  let fg = rawColour(s.fg, s.fg_truecolor);
  let bg = rawColour(s.bg, s.bg_truecolor);
  const style: AnsiStyle = {};
  if (d.has('reverse')) {
    if (fg === undefined && bg === undefined) style.inverse = true;
    else [fg, bg] = [bg, fg];
  }
  if (fg !== undefined) style.fg = typeof fg === 'number' ? fg : readableColour(fg, 'fg');
  if (bg !== undefined) style.bg = typeof bg === 'number' ? bg : readableColour(bg, 'bg');
  if (d.has('bold')) style.bold = true;
  if (d.has('dim')) style.dim = true;
  if (d.has('italic')) style.italic = true;
  if (d.has('underline')) style.underline = true;
  if (d.has('strikethrough')) style.strike = true;
  // Blink is not reproduced; hidden (concealed) text is shown: it is output the person may need.
  return Object.keys(style).length > 0 ? style : null;
}

/** Visible text as runs, with the terminal's line edits: `\r` starts the line over, backspace takes a character back. */
class Runs {
  runs: AnsiRun[] = [];
  length = 0;
  private lineStart = 0;
  private carriageReturn = false;

  write(text: string, style: AnsiStyle | null): void {
    if (this.carriageReturn) {
      this.carriageReturn = false;
      // What follows a `\r` replaces the line (a progress bar redrawn), unless it only ends the line.
      if (text[0] !== '\n') this.truncate(this.lineStart);
    }
    const last = this.runs.at(-1);
    if (last && last.style === style) last.text += text;
    else this.runs.push({ text, style });
    const nl = text.lastIndexOf('\n');
    if (nl >= 0) this.lineStart = this.length + nl + 1;
    this.length += text.length;
  }

  return(): void {
    this.carriageReturn = true;
  }

  backspace(): void {
    if (this.length <= this.lineStart) return;
    const last = this.runs.at(-1)!.text;
    const pair = last.length >= 2 && /[\udc00-\udfff]/.test(last.at(-1)!) && /[\ud800-\udbff]/.test(last.at(-2)!);
    this.truncate(Math.max(this.lineStart, this.length - (pair ? 2 : 1)));
  }

  private truncate(length: number): void {
    while (this.length > length) {
      const last = this.runs.at(-1)!;
      const cut = Math.min(last.text.length, this.length - length);
      this.length -= cut;
      if (cut === last.text.length) this.runs.pop();
      else last.text = last.text.slice(0, last.text.length - cut);
    }
  }
}

/**
 * One chunk of terminal output as visible text and styled runs. `carry` is what the same stream's
 * previous chunk left (its colours, an escape it ended in the middle of); pass the returned carry on
 * to that stream's next chunk.
 */
export function parseAnsi(input: string, carry: AnsiCarry = NO_CARRY): ParsedAnsi {
  if (!carry.sgr && !carry.pending && !CONTROL.test(input)) {
    return { text: input, runs: input ? [{ text: input, style: null }] : [], carry: NO_CARRY };
  }
  const src = carry.pending + input;
  let sgr = carry.sgr;
  let style = sgr ? transition('', sgr).style : null;
  const apply = (params: string) => {
    const next = transition(sgr, params);
    sgr = next.sgr;
    style = next.style;
  };

  const out = new Runs();
  let pending = '';
  let i = 0;
  CONTROLS.lastIndex = 0;
  for (let m = CONTROLS.exec(src); m; m = CONTROLS.exec(src)) {
    const at = m.index;
    if (at > i) out.write(src.slice(i, at), style);
    const c = src[at];
    i = at + 1;
    if (c === '\x1b' || c === '\x9b') {
      PARTIAL.lastIndex = at;
      if (src.length - at <= MAX_PENDING && PARTIAL.test(src)) {
        pending = src.slice(at);
        i = src.length;
        break;
      }
      SEQUENCE.lastIndex = at;
      const seq = SEQUENCE.exec(src);
      if (seq) {
        if (seq[1] !== undefined) apply(semicolons(seq[1]));
        // "Back to column 1" and "erase the line" are how spinners redraw their line, like `\r`.
        else if ((seq[3] === 'G' && /^[01]?$/.test(seq[2]!)) || (seq[3] === 'K' && seq[2] === '2')) out.return();
        i = at + seq[0].length;
      }
      // Otherwise a stray ESC: dropped, what follows it is text.
    } else if (c === '\r') {
      if (src[at + 1] !== '\n') out.return(); // `\r\n` is a plain line end
    } else if (c === '\b') {
      out.backspace();
    }
    // Any other control (BEL, shift in/out, DEL, C1) shows nothing.
    CONTROLS.lastIndex = i;
  }
  if (i < src.length) out.write(src.slice(i), style);
  return { text: out.runs.map((r) => r.text).join(''), runs: out.runs, carry: { sgr, pending } };
}

interface Memo {
  text: string;
  carry: AnsiCarry;
  parsed: ParsedAnsi;
}
const memo = new WeakMap<object, Memo>();

/**
 * Chunks in arrival order, parsed with each stream's state carried from its previous chunk (stdout
 * and stderr are separate writers). Remembered per chunk object, so live output only parses the
 * chunk that grew; OutputBox and errorSpot reading the same chunks share the work.
 */
export function parseAnsiChunks(chunks: readonly { stream: string; text: string }[]): ParsedAnsi[] {
  const carries = new Map<string, AnsiCarry>();
  return chunks.map((c) => {
    const carry = carries.get(c.stream) ?? NO_CARRY;
    const seen = memo.get(c);
    const parsed =
      seen && seen.text === c.text && seen.carry.sgr === carry.sgr && seen.carry.pending === carry.pending ? seen.parsed : parseAnsi(c.text, carry);
    if (parsed !== seen?.parsed) memo.set(c, { text: c.text, carry, parsed });
    carries.set(c.stream, parsed.carry);
    return parsed;
  });
}

/**
 * A run's look as React props: the 16 colours and the text styles as classes (Tools.css), other
 * colours inline. Without `colours` (inside a marked error line, which has its own colours) only
 * bold, italic, underline and strike-through are kept.
 */
export function ansiProps(style: AnsiStyle, colours = true): { className?: string; style?: CSSProperties } {
  const classes: string[] = [];
  const css: CSSProperties = {};
  if (colours) {
    if (typeof style.fg === 'number') classes.push(`ansi-fg-${style.fg}`);
    else if (style.fg) css.color = style.fg;
    if (typeof style.bg === 'number') classes.push(`ansi-bg-${style.bg}`);
    else if (style.bg) css.backgroundColor = style.bg;
    if (style.inverse) classes.push('ansi-inverse');
    if (style.dim) classes.push('ansi-dim');
  }
  if (style.bold) classes.push('ansi-bold');
  if (style.italic) classes.push('ansi-italic');
  if (style.underline) classes.push('ansi-underline');
  if (style.strike) classes.push('ansi-strike');
  const props: { className?: string; style?: CSSProperties } = {};
  if (classes.length > 0) props.className = classes.join(' ');
  if (css.color || css.backgroundColor) props.style = css;
  return props;
}
