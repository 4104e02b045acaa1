// Draws the app icons (a white coin with a bold "$" on the theme teal) and writes them as PNG/ICO.
// Hand-rolled on node:zlib so the build needs no image tool and no network; run it again only when the
// design changes: `node scripts/make-icons.mjs` (the PNGs it writes are committed).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'client', 'public');
const ICONS_DIR = join(PUBLIC_DIR, 'icons');

// Same values as the manifest's theme_color and the theme's brand colour (client/ui/theme.ts).
const TEAL = [15, 118, 110]; // #0f766e
const WHITE = [255, 255, 255];
const SUPERSAMPLE = 4; // 4×4 samples per pixel: smooth edges without a rasteriser

// ---- PNG encoding ---------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** RGBA pixels (Uint8Array, size×size×4) to a PNG file. */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (stride + 1)] = 0; // filter: none (deflate does the work at these sizes)
    Buffer.from(rgba.buffer, y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO holding PNG images (supported by every current browser). */
function encodeIco(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    header[e] = size >= 256 ? 0 : size;
    header[e + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, e + 4); // planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

// ---- Shapes as signed distances in unit space (-1…1, y down); negative means inside --------------

const circle = (x, y, cx, cy, r) => Math.hypot(x - cx, y - cy) - r;

const roundedSquare = (x, y, half, radius) => {
  const qx = Math.abs(x) - half + radius;
  const qy = Math.abs(y) - half + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
};

const box = (x, y, cx, cy, hw, hh) => Math.max(Math.abs(x - cx) - hw, Math.abs(y - cy) - hh);

/** A ring arc, kept where `keep(angle)` holds (angle in degrees, 0 = right, 90 = down). */
function arc(x, y, cx, cy, r, thickness, keep) {
  const angle = (Math.atan2(y - cy, x - cx) * 180) / Math.PI;
  if (!keep(angle)) return 1;
  return Math.abs(Math.hypot(x - cx, y - cy) - r) - thickness / 2;
}

/** A bold "$" of height ≈ 2.6·s centred on the origin: two three-quarter arcs and a bar. */
function dollar(x, y, s) {
  const r = 0.5 * s;
  const t = 0.36 * s;
  const upper = arc(x, y, 0, -r, r, t, (a) => !(a > -35 && a < 90));
  const lower = arc(x, y, 0, r, r, t, (a) => !(a > 145 || a < -90));
  const bar = box(x, y, 0, 0, 0.11 * s, 1.32 * s);
  return Math.min(upper, lower, bar);
}

/** Colour of one point; `bleed` fills the whole square instead of a rounded one. */
function sample(x, y, { bleed }) {
  const background = bleed ? -1 : roundedSquare(x, y, 1, 0.42);
  if (background > 0) return null; // transparent corner
  const coin = circle(x, y, 0, 0, 0.68);
  if (coin > 0) return TEAL;
  const innerRing = Math.abs(circle(x, y, 0, 0, 0.56)) - 0.025;
  if (innerRing < 0) return TEAL;
  return dollar(x, y, 0.34) < 0 ? TEAL : WHITE;
}

function draw(size, style) {
  const rgba = new Uint8Array(size * size * 4);
  const n = SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = ((px + (sx + 0.5) / n) / size) * 2 - 1;
          const y = ((py + (sy + 0.5) / n) / size) * 2 - 1;
          const c = sample(x, y, style);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      // Colours are averaged over covered samples only, so transparent edges do not darken.
      rgba[i] = a ? Math.round(r / a) : 0;
      rgba[i + 1] = a ? Math.round(g / a) : 0;
      rgba[i + 2] = a ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return encodePng(size, rgba);
}

const ANY = { bleed: false };
// iOS rounds the corners itself and shows transparency as black.
const FULL = { bleed: true };
// Launchers crop maskable icons to any shape inside the safe zone, a centred circle whose radius is 40 % of
// the size (0.8 in these unit coordinates): the coin (radius 0.68) stays inside it, the teal bleeds.
const MASKABLE = { bleed: true };

mkdirSync(ICONS_DIR, { recursive: true });
const outputs = {
  'icons/icon-192.png': draw(192, ANY),
  'icons/icon-512.png': draw(512, ANY),
  'icons/icon-512-maskable.png': draw(512, MASKABLE),
  'icons/apple-touch-icon.png': draw(180, FULL),
  'icons/favicon-32.png': draw(32, ANY),
};
for (const [name, png] of Object.entries(outputs)) writeFileSync(join(PUBLIC_DIR, name), png);
// /favicon.ico sits at the root because browsers and crawlers ask for it there without reading HTML.
writeFileSync(
  join(PUBLIC_DIR, 'favicon.ico'),
  encodeIco([
    { size: 16, png: draw(16, ANY) },
    { size: 32, png: outputs['icons/favicon-32.png'] },
  ]),
);
console.log(`Iconos escritos en ${PUBLIC_DIR}`);
