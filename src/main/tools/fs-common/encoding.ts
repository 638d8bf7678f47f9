// Text encodings, BOMs and line endings of files the tools rewrite, so a rewrite keeps what it found:
// UTF-8 (± BOM), UTF-16 LE/BE (with BOM), and Latin-1 for bytes that are not valid UTF-8 (a lossless
// round trip, where decoding as UTF-8 would replace them with U+FFFD and corrupt the file).

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'latin1';
export type LineEnding = 'LF' | 'CRLF';

export interface TextFormat {
  encoding: TextEncoding;
  bom: boolean;
  lineEnding: LineEnding;
}

/** How a brand-new file is written. */
export const DEFAULT_TEXT_FORMAT: TextFormat = { encoding: 'utf8', bom: false, lineEnding: 'LF' };

/** From the BOM alone (no BOM = UTF-8, to be confirmed by decoding). */
export function detectBom(bytes: Uint8Array): { encoding: TextEncoding; bom: boolean; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf8', bom: true, bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf16le', bom: true, bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf16be', bom: true, bomLength: 2 };
  return { encoding: 'utf8', bom: false, bomLength: 0 };
}

function swap16(bytes: Uint8Array): Buffer {
  const b = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return b.swap16();
}

/** The majority line ending ("\r\n" vs lone "\n"); LF when there are none. */
export function detectLineEnding(text: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? 'CRLF' : 'LF';
}

export function toLF(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

export function withLineEnding(textLF: string, ending: LineEnding): string {
  return ending === 'CRLF' ? textLF.replace(/\n/g, '\r\n') : textLF;
}

/** Bytes → text without its BOM, and the format to write it back in. */
export function decodeText(bytes: Uint8Array): { text: string; format: TextFormat } {
  const { encoding, bom, bomLength } = detectBom(bytes);
  const body = bytes.subarray(bomLength);
  let text: string;
  let enc: TextEncoding = encoding;
  if (encoding === 'utf16le') text = Buffer.from(body).toString('utf16le');
  else if (encoding === 'utf16be') text = swap16(body).toString('utf16le');
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      enc = 'latin1';
      text = Buffer.from(body).toString('latin1');
    }
  }
  return { text, format: { encoding: enc, bom, lineEnding: detectLineEnding(text) } };
}

/** Text (line endings already applied) → bytes in `format`'s encoding, with its BOM. */
export function encodeText(text: string, format: Pick<TextFormat, 'encoding' | 'bom'>): Buffer {
  // Latin-1 cannot hold what the model may add (emoji, CJK): such a file becomes UTF-8 rather than lose text.
  const encoding = format.encoding === 'latin1' && /[^\u0000-\u00ff]/.test(text) ? 'utf8' : format.encoding;
  let body: Buffer;
  if (encoding === 'utf16le') body = Buffer.from(text, 'utf16le');
  else if (encoding === 'utf16be') body = Buffer.from(text, 'utf16le').swap16();
  else body = Buffer.from(text, encoding === 'latin1' ? 'latin1' : 'utf8');
  if (!format.bom) return body;
  const bom = encoding === 'utf16le' ? [0xff, 0xfe] : encoding === 'utf16be' ? [0xfe, 0xff] : encoding === 'utf8' ? [0xef, 0xbb, 0xbf] : [];
  return Buffer.concat([Buffer.from(bom), body]);
}

/** "\n"-normalised text → bytes in the file's format (line endings, encoding, BOM). */
export function encodeWithFormat(textLF: string, format: TextFormat): Buffer {
  return encodeText(withLineEnding(textLF, format.lineEnding), format);
}
