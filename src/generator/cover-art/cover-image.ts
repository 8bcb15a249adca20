// The cover art: an abstract picture from the seed, the style and the title: a two-colour
// gradient in the genre's palette (darker and greyer when the mood is, brighter when it is
// happy), soft glowing discs and a few bands. Pure arithmetic, so the same input gives the same
// PNG on every machine.

import { DEFAULT_GENRE } from "../compose/genres.ts";
import { hashString, Random } from "../compose/random.ts";
import { detectGenre, detectMood } from "../compose/style-text.ts";
import { encodePng } from "./png.ts";

export const COVER_SIZE = 512;

/** Two hues (degrees) per genre. */
const HUES: Readonly<Record<string, readonly [number, number]>> = {
  pop: [330, 280],
  rock: [5, 30],
  punk: [350, 85],
  folk: [35, 95],
  metal: [350, 0],
  "hip hop": [45, 270],
  trap: [275, 320],
  "lo-fi": [175, 25],
  edm: [190, 300],
  "drum and bass": [160, 260],
  synthwave: [300, 190],
  jazz: [220, 40],
  "bossa nova": [40, 180],
  "r&b": [300, 20],
  country: [30, 55],
  ambient: [200, 170],
  reggae: [120, 50],
  latin: [15, 45],
  cinematic: [230, 45],
};

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hue % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 1
      ? [c, x, 0]
      : hue < 2
        ? [x, c, 0]
        : hue < 3
          ? [0, c, x]
          : hue < 4
            ? [0, x, c]
            : hue < 5
              ? [x, 0, c]
              : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

interface Disc {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly colour: Rgb;
  readonly strength: number;
}

export function coverImage(seed: number, tags: string, title: string): Uint8Array {
  const text = tags.toLowerCase();
  const genre = detectGenre(text, new Set()) ?? DEFAULT_GENRE;
  const mood = detectMood(text);
  const random = new Random(hashString(title, seed >>> 0));
  const [hueA, hueB] = HUES[genre] ?? HUES[DEFAULT_GENRE];
  const shift = random.range(-20, 20);
  const brightness = mood ? mood.brightness : 0;
  const saturation = Math.max(0.15, 0.65 + 0.15 * brightness - (genre === "metal" ? 0.3 : 0));
  const light = 0.38 + 0.1 * brightness;
  const top = hsl(hueA + shift, saturation, Math.max(0.08, light - 0.18));
  const bottom = hsl(hueB + shift, saturation, Math.min(0.8, light + 0.08));
  const discs: Disc[] = Array.from({ length: random.int(3, 7) }, () => ({
    x: random.range(0, COVER_SIZE),
    y: random.range(0, COVER_SIZE),
    r: random.range(60, 220),
    colour: hsl(
      random.chance(0.5) ? hueA + shift + 25 : hueB + shift - 25,
      Math.min(1, saturation + 0.2),
      random.range(0.45, 0.75),
    ),
    strength: random.range(0.35, 0.8),
  }));
  // A direction without trigonometry: sqrt is exactly rounded everywhere, sin and cos are not.
  const towardX = random.range(-1, 1);
  const towardY = random.range(0.2, 1);
  const length = Math.sqrt(towardX * towardX + towardY * towardY);
  const bandX = towardX / length;
  const bandY = towardY / length;
  const bandPeriod = random.range(40, 120);
  const rgb = new Uint8Array(COVER_SIZE * COVER_SIZE * 3);
  for (let y = 0; y < COVER_SIZE; y++) {
    const t = y / (COVER_SIZE - 1);
    for (let x = 0; x < COVER_SIZE; x++) {
      let r = top[0] + (bottom[0] - top[0]) * t;
      let g = top[1] + (bottom[1] - top[1]) * t;
      let b = top[2] + (bottom[2] - top[2]) * t;
      for (const disc of discs) {
        const dx = x - disc.x;
        const dy = y - disc.y;
        const d2 = (dx * dx + dy * dy) / (disc.r * disc.r);
        if (d2 >= 1) continue;
        const w = (1 - d2) * (1 - d2) * disc.strength;
        r += (disc.colour[0] - r) * w;
        g += (disc.colour[1] - g) * w;
        b += (disc.colour[2] - b) * w;
      }
      const phase = ((((x * bandX + y * bandY) / bandPeriod) % 1) + 1) % 1;
      const band = phase < 0.08 ? 0.9 : 1;
      const o = (y * COVER_SIZE + x) * 3;
      rgb[o] = Math.max(0, Math.min(255, Math.round(r * band)));
      rgb[o + 1] = Math.max(0, Math.min(255, Math.round(g * band)));
      rgb[o + 2] = Math.max(0, Math.min(255, Math.round(b * band)));
    }
  }
  return encodePng(COVER_SIZE, COVER_SIZE, rgb);
}
