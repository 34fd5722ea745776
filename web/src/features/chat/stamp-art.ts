/**
 * The pictures of the stamps (shared/src/config.ts lists id, names and cost; the web client draws
 * each id). Plain SVG, so they render the same everywhere without an emoji font, and as data URLs
 * so the image viewer can show them like any other image.
 */

const art: Record<string, string> = {
  thanks: `
    <circle cx="32" cy="32" r="26" fill="#ffd45c" stroke="#e0a800" stroke-width="2"/>
    <path d="M19 27q4-5 8 0M37 27q4-5 8 0" fill="none" stroke="#5c3719" stroke-width="3" stroke-linecap="round"/>
    <path d="M21 37q11 11 22 0" fill="#fff" stroke="#5c3719" stroke-width="3" stroke-linejoin="round"/>
    <ellipse cx="16" cy="36" rx="4" ry="2.5" fill="#ff8fa3"/>
    <ellipse cx="48" cy="36" rx="4" ry="2.5" fill="#ff8fa3"/>
    <path d="M52 8l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#ff9f1c"/>`,
  love: `
    <path d="M32 56C14 43 6 34 6 23 6 15 12 9 20 9c5 0 9 3 12 7 3-4 7-7 12-7 8 0 14 6 14 14 0 11-8 20-26 33z" fill="#ff4d6d" stroke="#c9184a" stroke-width="2"/>
    <ellipse cx="19" cy="21" rx="5" ry="3.5" fill="#fff" opacity=".55" transform="rotate(-30 19 21)"/>`,
  cheer: `
    <path d="M32 5l7.6 16.4L57 23.5 44 36l3.3 18L32 45.4 16.7 54 20 36 7 23.5l17.4-2.1z" fill="#ffc300" stroke="#e08e00" stroke-width="2" stroke-linejoin="round"/>
    <path d="M25 31q2-3 4 0M35 31q2-3 4 0M27 38q5 4 10 0" fill="none" stroke="#5c3719" stroke-width="2.5" stroke-linecap="round"/>
    <circle cx="8" cy="10" r="2.5" fill="#4cc9f0"/><circle cx="57" cy="9" r="2" fill="#f72585"/><circle cx="56" cy="48" r="2.5" fill="#4cc9f0"/>`,
  bouquet: `
    <path d="M32 58L18 30h28z" fill="#9ad18b" stroke="#4f8a3c" stroke-width="2" stroke-linejoin="round"/>
    <path d="M22 40h20" stroke="#ff4d6d" stroke-width="4"/>
    <circle cx="22" cy="22" r="8" fill="#ff85a1"/><circle cx="22" cy="22" r="3" fill="#ffd45c"/>
    <circle cx="42" cy="22" r="8" fill="#c77dff"/><circle cx="42" cy="22" r="3" fill="#ffd45c"/>
    <circle cx="32" cy="14" r="8" fill="#ff595e"/><circle cx="32" cy="14" r="3" fill="#ffd45c"/>`,
  champagne: `
    <path d="M20 6h8v10c4 3 6 7 6 12v28a3 3 0 0 1-3 3H17a3 3 0 0 1-3-3V28c0-5 2-9 6-12z" fill="#2d6a4f" stroke="#1b4332" stroke-width="2"/>
    <rect x="14" y="32" width="20" height="12" fill="#f4d35e"/>
    <path d="M40 24h16l-2 12a6 6 0 0 1-12 0z" fill="#fff3b0" stroke="#c9a227" stroke-width="2"/>
    <path d="M48 42v12M42 56h12" stroke="#c9a227" stroke-width="2.5" stroke-linecap="round"/>
    <circle cx="46" cy="17" r="2" fill="#f4d35e"/><circle cx="51" cy="12" r="1.6" fill="#f4d35e"/><circle cx="45" cy="8" r="1.3" fill="#f4d35e"/>`,
  crown: `
    <path d="M8 48L6 18l14 12 12-20 12 20 14-12-2 30z" fill="#ffd166" stroke="#c99700" stroke-width="2" stroke-linejoin="round"/>
    <rect x="8" y="48" width="48" height="8" rx="2" fill="#f4a261" stroke="#c99700" stroke-width="2"/>
    <circle cx="32" cy="36" r="4" fill="#e63946"/><circle cx="19" cy="39" r="3" fill="#4361ee"/><circle cx="45" cy="39" r="3" fill="#2a9d8f"/>`,
};

const fallback = `
    <rect x="10" y="24" width="44" height="32" rx="3" fill="#ff8fa3" stroke="#c9184a" stroke-width="2"/>
    <rect x="6" y="16" width="52" height="10" rx="2" fill="#ff4d6d" stroke="#c9184a" stroke-width="2"/>
    <path d="M32 16v40" stroke="#ffd45c" stroke-width="5"/>`;

/** The picture of a stamp as a data URL (an unknown id gets a gift box). */
export function stampSrc(id: string | null): string {
  const body = (id ? art[id] : undefined) ?? fallback;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="240" height="240">${body.replace(/\s+/g, ' ')}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
