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
/** A pixel of the waveform: white at 85% over a darkened background. */
const WAVE_LUMA = 200;

function silenceThenTone(): Float32Array[] {
  const frames = (SILENT_S + LOUD_S) * RATE;
  const left = new Float32Array(frames);
  for (let i = SILENT_S * RATE; i < frames; i++) left[i] = 0.8 * Math.sin((2 * Math.PI * 440 * i) / RATE);
  return [left, left.slice()];
}

/** The frame at `atS` decoded to 8-bit grey, one byte a pixel. */
async function greyFrame(dir: string, atS: number): Promise<Uint8Array> {
  const name = `frame-${atS}.gray`;
  await runFfmpeg(
    [
      "-y",
      "-ss",
      String(atS),
      "-i",
      "video.mp4",
      "-frames:v",
      "1",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "gray",
      name,
    ],
    { cwd: dir, timeoutMs: 60_000 },
  );
  return readFileSync(join(dir, name));
}

/** How many pixels of the bottom band are as bright as the waveform. */
function wavePixels(frame: Uint8Array): number {
  let count = 0;
  for (let i = (SONG_VIDEO_HEIGHT - BAND) * SONG_VIDEO_WIDTH; i < frame.length; i++)
    if (frame[i] >= WAVE_LUMA) count++;
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

    const quiet = await greyFrame(dir, 1);
    const loud = await greyFrame(dir, SILENT_S + 1);
    expect(quiet.length).toBe(SONG_VIDEO_WIDTH * SONG_VIDEO_HEIGHT);
    // Silence draws one line across the band; a tone at 0.8 fills most of its middle.
    const line = wavePixels(quiet);
    expect(line).toBeGreaterThanOrEqual(SONG_VIDEO_WIDTH / 2);
    expect(line).toBeLessThanOrEqual(SONG_VIDEO_WIDTH * 4);
    expect(wavePixels(loud)).toBeGreaterThan(SONG_VIDEO_WIDTH * BAND * 0.4);
    // Above the band the picture stands still: the same background and cover in both frames.
    const above = (SONG_VIDEO_HEIGHT - BAND) * SONG_VIDEO_WIDTH;
    let moved = 0;
    for (let i = 0; i < above; i++) if (Math.abs(quiet[i] - loud[i]) > 24) moved++;
    expect(moved).toBeLessThan(above * 0.01);
    // The cover's test pattern (bars of colour, sharp) at the left, where the background is blurred:
    // its rows change brightness from pixel to pixel far more than the blurred right side's.
    const row = Math.round((SONG_VIDEO_HEIGHT - BAND) / 2) * SONG_VIDEO_WIDTH;
    const edges = (from: number, to: number) => {
      let sum = 0;
      for (let x = from; x < to - 1; x++) sum += Math.abs(quiet[row + x] - quiet[row + x + 1]);
      return sum;
    };
    expect(edges(80, 520)).toBeGreaterThan(4 * edges(700, 1140));
  }, 180_000);
});
