/**
 * Draws the home-screen icons of the web app manifest (apps/web/public/icons): the white milk drop of
 * favicon.svg on the portal's teal, filling the square so a launcher may cut it to any shape.
 * Run once after changing the drawing: `npx tsx scripts/make-app-icons.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const TEAL = [0x00, 0x78, 0x6c] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
const OUT_DIR = path.resolve(import.meta.dirname, '../apps/web/public/icons');
/** Samples per pixel side: smooth edges without a drawing library. */
const SAMPLES = 4;

/** Whether a point of the 40 × 40 drawing of favicon.svg lies on the drop. */
function onDrop(x: number, y: number): boolean {
  const dx = x - 20;
  if (dx * dx + (y - 24.2) ** 2 <= 9.5 ** 2) return true;
  if (y < 6.5 || y > 24.2) return false;
  return Math.abs(dx) <= 9.5 * ((y - 6.5) / 17.7) ** 1.3;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function icon(size: number): Buffer {
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = ((px + (sx + 0.5) / SAMPLES) / size) * 40;
          const y = ((py + (sy + 0.5) / SAMPLES) / size) * 40;
          if (onDrop(x, y)) hits++;
        }
      const share = hits / SAMPLES ** 2;
      for (let channel = 0; channel < 3; channel++)
        row[1 + px * 3 + channel] = Math.round(TEAL[channel]! * (1 - share) + WHITE[channel]! * share);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // 8 bits a channel
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(OUT_DIR, { recursive: true });
for (const size of [192, 512]) fs.writeFileSync(path.join(OUT_DIR, `icon-${size}.png`), icon(size));
