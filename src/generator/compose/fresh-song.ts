// A song composed afresh in one style (create, persona, the style-drawing tasks, and the new part
// of an extend): the style with what a source pins down, the form, then the arrangement.

import type { Score } from "../score.ts";
import type { SongRequest } from "../song-request.ts";
import { arrange, BEATS_PER_BAR, layOut } from "./arrangement.ts";
import { isWritableKey, type SongKey } from "./key.ts";
import type { Random } from "./random.ts";
import { instrumentalForm, lyricSections, planForm } from "./structure.ts";
import { resolveStyle, type Style } from "./style.ts";
import { voiceFor } from "./voice.ts";

/** Songs made with a persona last at most this long. */
export const PERSONA_MAX_SECONDS = 240;
/** Shortest song the composer writes. */
export const MIN_SECONDS = 8;

export interface StyleOverrides {
  readonly tags?: string;
  readonly fallbackGenre?: string;
  readonly bpm?: number;
  readonly key?: SongKey | null;
  readonly gender?: "m" | "f";
  /** Keep a source's instruments (extend, infill, persona). */
  readonly from?: Score;
}

/** The request's style, with what a source pins down laid over it. */
export function styleOf(request: SongRequest, random: Random, overrides: StyleOverrides = {}): Style {
  const style = resolveStyle(
    {
      tags: overrides.tags ?? request.tags,
      negativeTags: request.negativeTags,
      weirdness: request.weirdness,
      styleWeight: request.styleWeight,
      vocalGender: request.vocalGender,
      ...(overrides.gender ? { fallbackGender: overrides.gender } : {}),
    },
    random.fork("style"),
    overrides.fallbackGenre,
  );
  const from = overrides.from;
  const patch = (stem: "bass" | "chords" | "lead") => from?.parts.find((p) => p.stem === stem)?.patch;
  return {
    ...style,
    bpm: overrides.bpm ?? style.bpm,
    key: overrides.key ?? style.key,
    patches: from
      ? {
          bass: patch("bass") ?? style.patches.bass,
          chords: patch("chords") ?? style.patches.chords,
          lead: patch("lead") ?? style.patches.lead,
        }
      : style.patches,
    // A source keeps its own palette: its second chords part is its layer.
    layer: from ? (from.parts.filter((p) => p.stem === "chords")[1]?.patch ?? null) : style.layer,
    kit: from?.drums.kit ?? style.kit,
  };
}

export interface FreshOptions {
  readonly style: Style;
  readonly lyrics: string;
  readonly instrumental: boolean;
  readonly seconds: number | null;
  readonly maxSeconds: number;
  readonly startBeat: number;
  readonly intro: boolean;
  readonly voice?: string;
}

/** A new song (or a new part from `startBeat`) in one style. */
export function composeFresh(request: SongRequest, random: Random, options: FreshOptions): Score {
  const { style } = options;
  const lyric = options.instrumental ? [] : lyricSections(options.lyrics);
  const sung = lyric.some((s) => s.lines.length > 0);
  const form = sung
    ? lyric
    : instrumentalForm(style.preset, random.fork("form")).filter((s) => options.intro || s.kind !== "intro");
  // The genre says how long its songs run; a sung form's own length decides within that.
  const [shortest, longest] = style.preset.seconds;
  const instrumentalSeconds = random.fork("length").range(shortest, longest);
  const asked =
    options.seconds === null ? null : Math.max(MIN_SECONDS, Math.min(options.maxSeconds, options.seconds));
  const range: readonly [number, number] = sung
    ? [shortest, Math.min(longest, options.maxSeconds)]
    : [instrumentalSeconds, instrumentalSeconds];
  const planned = planForm(form, {
    bpm: style.bpm,
    beatsPerBar: BEATS_PER_BAR,
    seconds: asked,
    naturalRange: [Math.min(range[0], options.maxSeconds), Math.min(range[1], options.maxSeconds)],
    frame: { intro: sung && options.intro, outro: sung },
  });
  const sections = layOut(planned, options.startBeat, style);
  return arrange({
    seed: request.seed,
    version: request.version,
    style,
    sections,
    voice: options.voice ?? voiceFor(options.lyrics),
    random,
    ...(sung ? {} : { vocals: null }),
  });
}

/** An analysed key, if the composer can write in it. */
export function checkedKey(key: { tonic: string; mode: string } | null | undefined): SongKey | null {
  if (!key) return null;
  const mode = key.mode === "aeolian" ? "minor" : key.mode === "ionian" ? "major" : key.mode;
  return isWritableKey({ tonic: key.tonic, mode }) ? { tonic: key.tonic, mode } : null;
}
