#!/usr/bin/env node
// Draws Agent Desk's icons into resources/ (no dependencies: signed-distance shapes, 4×4
// supersampling, PNG via zlib). The mark: a rounded indigo tile with a white prompt chevron "›_".
// Usage: node build/make-icons.mjs   (re-run after changing the mark; the PNGs are committed)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'resources');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** RGBA pixels (Float, 0..1, premultiplied off) → PNG bytes. */
export function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size * 4; x++) raw[y * (size * 4 + 1) + 1 + x] = Math.round(Math.min(1, Math.max(0, rgba[y * size * 4 + x])) * 255);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in unit coordinates (0..1, y down); negative distance = inside.
function roundedRect(x, y, inset, radius) {
  const hx = 0.5 - inset - radius;
  const qx = Math.abs(x - 0.5) - hx;
  const qy = Math.abs(y - 0.5) - hx;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}
function segment(x, y, ax, ay, bx, by, r) {
  const px = x - ax, py = y - ay, dx = bx - ax, dy = by - ay;
  const h = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - dx * h, py - dy * h) - r;
}
/** The prompt mark "›_"; `bold` thickens strokes for tiny tray sizes. */
function prompt(x, y, bold) {
  const r = bold ? 0.075 : 0.055;
  return Math.min(
    segment(x, y, 0.3, 0.3, 0.5, 0.5, r),
    segment(x, y, 0.5, 0.5, 0.3, 0.7, r),
    segment(x, y, 0.56, 0.7, 0.74, 0.7, r),
  );
}

const TOP = [0.39, 0.4, 0.95]; // indigo
const BOTTOM = [0.2, 0.16, 0.62];

/** style: 'app' (tile + white mark), 'tray' (tile edge-to-edge, bold mark), 'template' (black mark only). */
function draw(size, style) {
  const rgba = new Float32Array(size * size * 4);
  const S = 4;
  const inset = style === 'app' ? 0.06 : 0.02;
  const radius = style === 'app' ? 0.2 : 0.22;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0, mark = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const x = (px + (sx + 0.5) / S) / size;
          const y = (py + (sy + 0.5) / S) / size;
          if (roundedRect(x, y, inset, radius) <= 0) tile++;
          if (prompt(x, y, style !== 'app') <= 0) mark++;
        }
      }
      tile /= S * S;
      mark /= S * S;
      const i = (py * size + px) * 4;
      const t = py / size;
      if (style === 'template') {
        rgba.set([0, 0, 0, mark], i);
        continue;
      }
      const bg = TOP.map((c, k) => c + (BOTTOM[k] - c) * t);
      const m = Math.min(mark, tile);
      rgba.set([bg[0] * (1 - m) + m, bg[1] * (1 - m) + m, bg[2] * (1 - m) + m, tile], i);
    }
  }
  return encodePng(size, rgba);
}

const ICONS = [
  ['icon.png', 512, 'app'],
  ['icon-256.png', 256, 'app'],
  ['tray.png', 16, 'tray'],
  ['tray@2x.png', 32, 'tray'],
  ['trayTemplate.png', 16, 'template'],
  ['trayTemplate@2x.png', 32, 'template'],
];

mkdirSync(out, { recursive: true });
for (const [name, size, style] of ICONS) {
  writeFileSync(join(out, name), draw(size, style));
  console.log(`wrote resources/${name} (${size}×${size})`);
}
