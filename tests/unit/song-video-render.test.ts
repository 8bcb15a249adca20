// The song video's picture, decoded: the waveform band along the bottom follows the sound (a line
// in silence, a wide band under a loud tone) and the cover is on the left, in a real H.264 + AAC
// MP4 of the song's length. The render draws the waveform as the alpha of a white band; this is
// what keeps that from drawing nothing, or everything.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runFfmpeg } from "../../src/server/video/run-ffmpeg.ts";
import { renderSongVideo } from "../../src/server/video/song-video-render.ts";
import { SONG_VIDEO_HEIGHT, SONG_VIDEO_WIDTH } from "../../src/shared/api/video.ts";
import { encodeWav } from "../../src/shared/audio/wav.ts";
import { makeJpeg, testMediaDir } from "../video-files.ts";

const RATE = 44_100;
/** Two seconds of silence, then two of a loud tone. */
const SILENT_S = 2;
const LOUD_S = 2;
/** The waveform band's height: the bottom of the frame. */
const BAND = 160;
/** A difference in grey level past what H.264 at CRF 28 changes of a still picture. */
const NOISE = 24;

function silenceThenTone(): Float32Array[] {
  const frames = (SILENT_S + LOUD_S) * RATE;
  const left = new Float32Array(frames);
  for (let i = SILENT_S * RATE; i < frames; i++) left[i] = 0.8 * Math.sin((2 * Math.PI * 440 * i) / RATE);
  return [left, left.slice()];
}

/** `file` (the video at `atS`, or a picture) decoded to 8-bit grey, one byte a pixel. */
async function grey(dir: string, file: string, atS: number | null): Promise<Uint8Array> {
  const name = `${file}-${atS}.gray`;
  const seek = atS === null ? [] : ["-ss", String(atS)];
  await runFfmpeg(["-y", ...seek, "-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", name], {
    cwd: dir,
    timeoutMs: 60_000,
  });
  return readFileSync(join(dir, name));
}

/** How many pixels in rows [from, to) differ between two pictures by more than the encoder's noise. */
function changed(a: Uint8Array, b: Uint8Array, fromRow: number, toRow: number): number {
  let count = 0;
  for (let i = fromRow * SONG_VIDEO_WIDTH; i < toRow * SONG_VIDEO_WIDTH; i++)
    if (Math.abs(a[i] - b[i]) > NOISE) count++;
  return count;
}

describe("the song video's picture", () => {
  it("draws the waveform from the sound over the bottom band, the cover at the left", async () => {
    const dir = testMediaDir();
    writeFileSync(
      join(dir, "song.wav"),
      Buffer.from(encodeWav({ sampleRate: RATE, channels: silenceThenTone() }, "pcm16")),
    );
    await makeJpeg(dir, "cover.jpg");
    const video = await renderSongVideo(
      dir,
      { audioFile: "song.wav", coverFile: "cover.jpg", title: "Band Test", handle: "tester", words: [] },
      new AbortController().signal,
    );
    expect(video.info.video).toMatchObject({ codec: "h264", width: 1280, height: 720, fps: 30 });
    expect(video.info.audio?.codec).toBe("aac");
    expect(Math.abs((video.info.durationS ?? 0) - (SILENT_S + LOUD_S))).toBeLessThanOrEqual(1 / 30);

    // The frames against the one background frame the render drew first (cover and blur).
    const background = await grey(dir, "background.png", null);
    const quiet = await grey(dir, "video.mp4", 1);
    const loud = await grey(dir, "video.mp4", SILENT_S + 1);
    expect(quiet.length).toBe(SONG_VIDEO_WIDTH * SONG_VIDEO_HEIGHT);
    const bandTop = SONG_VIDEO_HEIGHT - BAND;
    // Above the band the picture is the background, silent or loud.
    for (const frame of [quiet, loud])
      expect(changed(frame, background, 0, bandTop)).toBeLessThan(SONG_VIDEO_WIDTH * bandTop * 0.01);
    // Silence draws at most a line across the band; a tone at 0.8 covers about half of it.
    expect(changed(quiet, background, bandTop, SONG_VIDEO_HEIGHT)).toBeLessThanOrEqual(SONG_VIDEO_WIDTH * 4);
    expect(changed(loud, background, bandTop, SONG_VIDEO_HEIGHT)).toBeGreaterThan(
      SONG_VIDEO_WIDTH * BAND * 0.3,
    );
    // The cover's test pattern (sharp bars of colour) at the left, where the background is
    // blurred: its rows change from pixel to pixel far more than the right side's.
    const row = Math.round(bandTop / 2) * SONG_VIDEO_WIDTH;
    const edges = (from: number, to: number) => {
      let sum = 0;
      for (let x = from; x < to - 1; x++) sum += Math.abs(quiet[row + x] - quiet[row + x + 1]);
      return sum;
    };
    expect(edges(80, 520)).toBeGreaterThan(4 * edges(700, 1140));
  }, 180_000);
});
