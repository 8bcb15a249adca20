// The aligned lyrics as the captions of a song video: words grouped into short lines, each shown
// from its first word until the next line starts (held at most a moment after its last word), and
// written as an ASS subtitle script with the title and handle, which ffmpeg's libass burns in.

/** A sung word and when it is sung, as generated_clips.aligned_words keeps it. */
export interface TimedWord {
  readonly word: string;
  readonly start_s: number;
  readonly end_s: number;
}

export interface CaptionLine {
  readonly text: string;
  readonly startS: number;
  readonly endS: number;
}

/** A line ends at this many characters, or at a pause this long between words. */
const LINE_CHARS = 36;
const PAUSE_S = 1;
/** How long a line stays after its last word when the next one is far off. */
const HOLD_S = 1.5;

/** Section tags ("[Verse]") and empty words are not sung: they are no captions. */
const sung = (word: TimedWord) => word.word.trim() !== "" && !/^\[.*\]$/.test(word.word.trim());

export function captionLines(words: readonly TimedWord[]): CaptionLine[] {
  const groups: TimedWord[][] = [];
  let current: TimedWord[] = [];
  for (const word of words.filter(sung)) {
    const last = current[current.length - 1];
    const length = current.reduce((sum, w) => sum + w.word.trim().length + 1, 0) + word.word.trim().length;
    if (last && (length > LINE_CHARS || word.start_s - last.end_s > PAUSE_S || /\n/.test(last.word))) {
      groups.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) groups.push(current);
  return groups.map((group, index) => {
    const next = groups[index + 1]?.[0].start_s ?? Number.POSITIVE_INFINITY;
    const lastEnd = group[group.length - 1].end_s;
    return {
      text: group.map((word) => word.word.trim()).join(" "),
      startS: group[0].start_s,
      endS: Math.min(next, lastEnd + HOLD_S),
    };
  });
}

/** h:mm:ss.cc, the time format of ASS events. */
export function assTime(seconds: number): string {
  const centis = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(centis / 360_000);
  const m = Math.floor((centis % 360_000) / 6000);
  const s = Math.floor((centis % 6000) / 100);
  const c = centis % 100;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(c).padStart(2, "0")}`;
}

/** Text as ASS shows it literally: braces would start override tags, a backslash an escape. */
export const assText = (text: string) =>
  text
    .replace(/[\r\n]+/g, " ")
    .replace(/\\/g, "\u29F5")
    .replace(/\{/g, "(")
    .replace(/\}/g, ")");

export interface CaptionScript {
  readonly title: string;
  readonly handle: string;
  readonly durationS: number;
  readonly lines: readonly CaptionLine[];
  /** The font family libass looks up through fontconfig. */
  readonly font: string;
}

/** An ASS style line: white text with a dark outline, at this size, alignment and margins. */
export const assStyle = (font: string, name: string, size: number, alignment: number, margins: string) =>
  `Style: ${name},${font},${size},&H00FFFFFF,&H000000FF,&H00101010,&H80000000,-1,0,0,0,100,100,0,0,1,2,1,${alignment},${margins},1`;

/** An ASS dialogue event of this style from one time to another. */
export const assEvent = (style: string, from: number, to: number, text: string) =>
  `Dialogue: 0,${assTime(from)},${assTime(to)},${style},,0,0,0,,${text}`;

/** A whole ASS script for a picture of this size: its styles, then its events. */
export function assDocument(width: number, height: number, styles: string[], events: string[]): string {
  return [
    "[Script Info]",
    "ScriptType: v4.00+",
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    "WrapStyle: 0",
    "",
    "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
    ...styles,
    "",
    "[Events]",
    "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
    ...events,
    "",
  ].join("\n");
}

/**
 * The ASS script of a 1280x720 song video: the title and @handle at the top right for the whole
 * song, the lyrics centred in the right-hand column (the cover fills the left).
 */
export function captionScript(script: CaptionScript): string {
  const style = (name: string, size: number, alignment: number, marginV: number) =>
    assStyle(script.font, name, size, alignment, `600,48,${marginV}`);
  return assDocument(
    1280,
    720,
    [style("Title", 44, 7, 120), style("Lyrics", 40, 4, 0)],
    [
      assEvent(
        "Title",
        0,
        script.durationS,
        `${assText(script.title || "Untitled")}\\N{\\fs30\\b0}@${assText(script.handle)}`,
      ),
      ...script.lines.map((line) => assEvent("Lyrics", line.startS, line.endS, assText(line.text))),
    ],
  );
}
