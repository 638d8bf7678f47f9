// Encodings, BOMs and line endings survive a decode → encode round trip byte for byte.
import { describe, expect, it } from 'vitest';
import { decodeText, detectLineEnding, encodeWithFormat, toLF } from './encoding';

const roundTrip = (bytes: Buffer) => {
  const { text, format } = decodeText(bytes);
  return { text, format, back: encodeWithFormat(toLF(text), format) };
};

describe('text encodings (Write/Edit keep what they found)', () => {
  it('UTF-8 without BOM, LF', () => {
    const r = roundTrip(Buffer.from('héllo\nwörld\n', 'utf8'));
    expect(r.format).toEqual({ encoding: 'utf8', bom: false, lineEnding: 'LF' });
    expect(r.text).toBe('héllo\nwörld\n');
    expect(r.back.equals(Buffer.from('héllo\nwörld\n', 'utf8'))).toBe(true);
  });

  it('UTF-8 with BOM: the BOM is not part of the text and is written back', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\r\nb\r\n')]);
    const r = roundTrip(bytes);
    expect(r.format).toEqual({ encoding: 'utf8', bom: true, lineEnding: 'CRLF' });
    expect(r.text.charCodeAt(0)).toBe(97);
    expect(r.back.equals(bytes)).toBe(true);
  });

  it('UTF-16 LE and BE with BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('π = 3.14\r\n', 'utf16le')]);
    const rl = roundTrip(le);
    expect(rl.format).toEqual({ encoding: 'utf16le', bom: true, lineEnding: 'CRLF' });
    expect(rl.text).toBe('π = 3.14\r\n');
    expect(rl.back.equals(le)).toBe(true);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('π\n', 'utf16le').swap16()]);
    const rb = roundTrip(be);
    expect(rb.format.encoding).toBe('utf16be');
    expect(rb.text).toBe('π\n');
    expect(rb.back.equals(be)).toBe(true);
  });

  it('bytes that are not UTF-8 are Latin-1 and round-trip losslessly', () => {
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]);
    const r = roundTrip(bytes);
    expect(r.format.encoding).toBe('latin1');
    expect(r.text).toBe('café\n');
    expect(r.back.equals(bytes)).toBe(true);
  });

  it('a Latin-1 file gaining characters Latin-1 cannot hold becomes UTF-8 rather than lose them', () => {
    const { format } = decodeText(Buffer.from([0xe9, 0x0a]));
    expect(encodeWithFormat('é 😀\n', format).toString('utf8')).toBe('é 😀\n');
  });

  it('line endings: the majority wins; none = LF', () => {
    expect(detectLineEnding('a\r\nb\r\nc\n')).toBe('CRLF');
    expect(detectLineEnding('a\nb\nc\r\n')).toBe('LF');
    expect(detectLineEnding('one line')).toBe('LF');
  });
});
