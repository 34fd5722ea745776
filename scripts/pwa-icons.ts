/**
 * Draws the site's mark (a mushroom in the brand's brown on the page colour, the palette of
 * web/src/styles.css) and writes the PWA icons into web/public/icons/: 192 and 512 px (`any`),
 * a 512 px maskable one (the mark inside the central 80 % safe zone, the background to the edges)
 * and the 180 px apple-touch-icon. Run once when the mark changes; the PNG files are committed:
 *
 *   npx tsx scripts/pwa-icons.ts
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BRAND = '#7a4b2a';
const BRAND_DARK = '#5c3719';
const PAGE = '#fbf8f4';
const STEM = '#f3e7d6';

/** The mark on a 100×100 canvas: cap with spots, stem, drawn within `scale` of the canvas. */
function markSvg(size: number, opts: { scale: number; rounded: boolean }): string {
  const s = opts.scale;
  const offset = (100 - 100 * s) / 2;
  const radius = opts.rounded ? 22 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${radius}" fill="${PAGE}"/>
  <g transform="translate(${offset} ${offset}) scale(${s})">
    <path d="M38 52 h24 c1 14 3 24 6 32 c-10 5 -26 5 -36 0 c3 -8 5 -18 6 -32 z" fill="${STEM}" stroke="${BRAND_DARK}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M10 54 C10 28 28 12 50 12 C72 12 90 28 90 54 C90 58 86 60 80 60 H20 C14 60 10 58 10 54 Z" fill="${BRAND}" stroke="${BRAND_DARK}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="34" cy="32" r="6" fill="${PAGE}"/>
    <circle cx="58" cy="24" r="4.5" fill="${PAGE}"/>
    <circle cx="70" cy="42" r="5.5" fill="${PAGE}"/>
    <circle cx="46" cy="47" r="3.5" fill="${PAGE}"/>
  </g>
</svg>`;
}

const out = resolve(dirname(fileURLToPath(import.meta.url)), '../web/public/icons');
mkdirSync(out, { recursive: true });

const icons: { file: string; size: number; scale: number; rounded: boolean }[] = [
  { file: 'icon-192.png', size: 192, scale: 0.84, rounded: true },
  { file: 'icon-512.png', size: 512, scale: 0.84, rounded: true },
  // Maskable: the platform cuts its own shape; the mark stays inside the 80 % safe circle.
  { file: 'maskable-512.png', size: 512, scale: 0.62, rounded: false },
  // iOS rounds the corners itself and shows no transparency.
  { file: 'apple-touch-icon.png', size: 180, scale: 0.8, rounded: false },
];
for (const icon of icons) {
  await sharp(Buffer.from(markSvg(icon.size, icon)))
    .png({ compressionLevel: 9 })
    .toFile(join(out, icon.file));
  console.log(`web/public/icons/${icon.file}`);
}
