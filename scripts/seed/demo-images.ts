import sharp from 'sharp';

const PALETTES: Array<[string, string]> = [
  ['#4f46e5', '#ec4899'],
  ['#0ea5e9', '#22c55e'],
  ['#f97316', '#e11d48'],
  ['#8b5cf6', '#06b6d4'],
  ['#14b8a6', '#6366f1'],
  ['#f59e0b', '#ef4444'],
  ['#10b981', '#3b82f6'],
];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function palette(seed: string): [string, string] {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTES[hash % PALETTES.length]!;
}

/** A gradient portrait with initials: every demo person gets a distinct, recognisable photo. */
export async function avatarImage(name: string): Promise<Buffer> {
  const [from, to] = palette(name);
  const initials = name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <circle cx="256" cy="200" r="92" fill="rgba(255,255,255,0.22)"/>
    <path d="M96 512c20-110 90-170 160-170s140 60 160 170z" fill="rgba(255,255,255,0.22)"/>
    <text x="256" y="230" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A 16:9 cover in the event's own colours, in one of two layouts. No words on it: the cards crop
 * covers and lay the category and price over them, and print the title beneath.
 */
export async function eventImage(title: string, variant: number): Promise<Buffer> {
  const [from, to] = palette(`${title}${variant}`);
  const shapes =
    variant % 2 === 0
      ? '<circle cx="1050" cy="120" r="260" fill="rgba(255,255,255,0.14)"/><circle cx="180" cy="640" r="200" fill="rgba(255,255,255,0.10)"/>'
      : '<rect x="760" y="-80" width="520" height="520" rx="80" transform="rotate(25 1020 180)" fill="rgba(255,255,255,0.13)"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>${shapes}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
