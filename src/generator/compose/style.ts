// Tags or a description -> the style the composer follows: a genre preset plus what the text
// pins down (tempo, key and mode, mood, vocal gender, instruments) and what the negative tags
// rule out. Weirdness widens the choices; style weight keeps them to the preset.

import { DRUM_KITS, type DrumKit, type PatchName } from "../score.ts";
import { DEFAULT_GENRE, GENRE_PRESETS, type GenrePreset, genrePreset } from "./genres.ts";
import { isMinorMode, type Mode, type SongKey } from "./key.ts";
import type { Random } from "./random.ts";
import { type PartSounds, sampledKit, sampledSound } from "./sampled-sounds.ts";
import {
  detectBpm,
  detectGenre,
  detectKey,
  detectMood,
  detectVocalGender,
  INSTRUMENTS,
  MAJOR_TONICS,
  MINOR_TONICS,
  type Mood,
  mentions,
  type PartRole,
  ROLE_PATCHES,
  wordIndex,
} from "./style-text.ts";

export interface Style {
  readonly genre: string;
  readonly preset: GenrePreset;
  readonly bpm: number;
  readonly key: SongKey;
  readonly mood: Mood | null;
  readonly vocalGender: "m" | "f";
  readonly patches: Readonly<Record<PartRole, PatchName>>;
  /** A pad held under the lifted sections (a second chords part), or none. */
  readonly layer: PatchName | null;
  readonly kit: DrumKit;
  /** The recorded instruments that play the parts (null: the synthesized patch). */
  readonly sounds: PartSounds;
  /** The SoundFont drum kit that plays the drums, or null for the synthesized kit. */
  readonly kitProgram: number | null;
  readonly drums: boolean;
  readonly bass: boolean;
  /** 0 (the preset as is) .. 1 (unusual modes, syncopation, substitutions). */
  readonly variation: number;
}

export interface StyleInput {
  readonly tags: string;
  readonly negativeTags: string;
  readonly weirdness: number;
  readonly styleWeight: number;
  readonly vocalGender: "m" | "f" | null;
  /** The singer when neither the request nor the tags say (a source's singer). */
  readonly fallbackGender?: "m" | "f";
}

/** Negative tags plus "no X" / "without X" in the tags. */
function exclusions(tags: string, negativeTags: string): string {
  const inline = [...tags.matchAll(/\b(?:no|without|non)[\s-]+([a-z0-9&' -]+?)(?=$|[,;.])/g)].map(
    (m) => m[1],
  );
  return [negativeTags, ...inline].join(", ");
}

function choosePatch(
  role: PartRole,
  wanted: readonly PatchName[],
  preset: GenrePreset,
  excluded: ReadonlySet<PatchName>,
  taken: readonly PatchName[],
  variation: number,
  random: Random,
): PatchName {
  const allowed = (patch: PatchName) => !excluded.has(patch) && ROLE_PATCHES[role].includes(patch);
  const requested = wanted.filter((p) => allowed(p) && !taken.includes(p));
  if (requested.length > 0) return requested[0];
  const fromPreset = preset.patches[role].filter((p) => allowed(p) && !taken.includes(p));
  if (fromPreset.length > 0) {
    return random.chance(0.6 * variation) ? random.pick(fromPreset) : fromPreset[0];
  }
  const any = ROLE_PATCHES[role].filter((p) => allowed(p) && !taken.includes(p));
  return any.length > 0 ? any[0] : (ROLE_PATCHES[role].find(allowed) ?? preset.patches[role][0]);
}

export function resolveStyle(input: StyleInput, random: Random, fallbackGenre = DEFAULT_GENRE): Style {
  const text = input.tags.toLowerCase();
  const negative = exclusions(text, input.negativeTags.toLowerCase());
  const excludedGenres = new Set(
    GENRE_PRESETS.filter((p) => p.keywords.some((w) => wordIndex(negative, w) >= 0)).map((p) => p.name),
  );
  const excludedPatches = new Set<PatchName>(
    INSTRUMENTS.filter((i) => mentions(negative, i.words)).flatMap((i) => i.patches),
  );
  const genre =
    detectGenre(text, excludedGenres) ??
    (excludedGenres.has(fallbackGenre)
      ? (GENRE_PRESETS.find((p) => !excludedGenres.has(p.name))?.name ?? DEFAULT_GENRE)
      : fallbackGenre);
  const preset = genrePreset(genre);
  const weird = clamp01(input.weirdness);
  // Squared: the default sliders (0.5) keep close to the preset; only high weirdness gets strange.
  const variation = clamp01(weird * weird * (1.4 - 0.8 * clamp01(input.styleWeight)));
  const mood = detectMood(text);

  const explicitBpm = detectBpm(text);
  const [low, high] = preset.tempo;
  // Mood moves the tempo within the genre's range; variation spreads it, never out of the range.
  const centre = (low + high) / 2 + ((mood?.pace ?? 0) * (high - low)) / 3;
  const spread = (high - low) * (0.4 + 0.6 * variation);
  const bpm =
    explicitBpm ??
    Math.round(Math.min(high, Math.max(low, centre + (random.fork("tempo").next() - 0.5) * spread)));

  const key = detectKey(input.tags) ?? chooseKey(preset, mood, variation, random.fork("key"));

  const wanted = INSTRUMENTS.filter((i) => mentions(text, i.words) && !mentions(negative, i.words)).flatMap(
    (i) => i.patches,
  );
  const patchRandom = random.fork("patches");
  const bass = choosePatch("bass", wanted, preset, excludedPatches, [], variation, patchRandom);
  const chords = choosePatch("chords", wanted, preset, excludedPatches, [], variation, patchRandom);
  const lead = choosePatch("lead", wanted, preset, excludedPatches, [chords], variation, patchRandom);
  const layers = [...wanted.filter((p) => p === "pad-saw" || p === "strings-saw"), preset.layer];
  const layer =
    layers.find((p): p is PatchName => p !== null && !excludedPatches.has(p) && p !== chords && p !== lead) ??
    null;

  const excludes808 = mentions(negative, ["808", "808s"]);
  const wants808 = mentions(text, ["808", "808s"]) && !excludes808;
  const kitChoices = DRUM_KITS.filter((k) => !(excludes808 && k === "808"));
  const kit: DrumKit = wants808 ? "808" : kitChoices.includes(preset.kit) ? preset.kit : kitChoices[0];

  const negativeGender = detectVocalGender(negative);
  const vocalGender =
    input.vocalGender ??
    detectVocalGender(text) ??
    input.fallbackGender ??
    (negativeGender ? (negativeGender === "m" ? "f" : "m") : random.fork("gender").chance(0.5) ? "f" : "m");

  return {
    genre,
    preset,
    bpm,
    key,
    mood,
    vocalGender,
    patches: { bass, chords, lead },
    layer,
    kit,
    sounds: {
      bass: sampledSound(genre, bass, text, negative),
      chords: sampledSound(genre, chords, text, negative),
      lead: sampledSound(genre, lead, text, negative),
      layer: layer ? sampledSound(genre, layer, text, negative) : null,
    },
    kitProgram: sampledKit(genre, kit),
    drums: !mentions(negative, ["drums", "drum", "percussion", "beat", "beats"]),
    bass: !mentions(negative, ["bass", "bassline"]) || wants808,
    variation,
  };
}

function chooseKey(preset: GenrePreset, mood: Mood | null, variation: number, random: Random): SongKey {
  let modes: readonly Mode[] = preset.modes;
  if (mood && mood.brightness < 0) modes = preset.modes.filter(isMinorMode);
  else if (mood && mood.brightness > 0) modes = preset.modes.filter((m) => !isMinorMode(m));
  if (modes.length === 0) modes = mood && mood.brightness < 0 ? ["minor"] : ["major"];
  let mode = random.chance(0.35 + 0.4 * variation) ? random.pick(modes) : modes[0];
  if (random.chance(0.5 * variation))
    mode = isMinorMode(mode)
      ? random.pick(["dorian", "phrygian"] as const)
      : random.pick(["lydian", "mixolydian"] as const);
  const tonic = random.pick(isMinorMode(mode) ? MINOR_TONICS : MAJOR_TONICS);
  return { tonic, mode };
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0.5));
}
