// The song video's captions: aligned words grouped into lines, timed, and written as ASS text that
// libass shows literally; and the probe of ffmpeg's own output.

import { describe, expect, it } from "vitest";
import { assText, assTime, captionLines, captionScript } from "../../src/server/video/lyric-captions.ts";
import { checkRenderedVideo, parseProbe } from "../../src/server/video/media-probe.ts";
import { uploadedVideoProblem, VIDEO_TOO_BIG_PICTURE } from "../../src/server/video/video-rules.ts";
import { VIDEO_NOT_A_VIDEO } from "../../src/shared/api/video-uploads.ts";

const word = (text: string, start: number, end: number) => ({ word: text, start_s: start, end_s: end });

describe("caption lines", () => {
  it("groups words into lines broken at a pause, shown until the next line or a moment after", () => {
    const lines = captionLines([
      word("[Verse]", 0, 0),
      word("hold", 1, 1.4),
      word("on", 1.5, 1.8),
      word("tight", 1.9, 2.5),
      word("again", 4, 4.6),
      word("", 5, 5),
    ]);
    expect(lines).toEqual([
      { text: "hold on tight", startS: 1, endS: 4 },
      { text: "again", startS: 4, endS: 6.1 },
    ]);
  });

  it("breaks a line past 36 characters and at a line break in the lyrics", () => {
    const long = Array.from({ length: 12 }, (_, i) => word("words", i * 0.3, i * 0.3 + 0.2));
    const lines = captionLines(long);
    expect(lines.length).toBe(2);
    expect(lines.every((line) => line.text.length <= 36)).toBe(true);
    expect(captionLines([word("end\n", 0, 0.5), word("next", 0.6, 1)]).map((line) => line.text)).toEqual([
      "end",
      "next",
    ]);
  });

  it("writes ASS times and text that cannot start override tags", () => {
    expect(assTime(0)).toBe("0:00:00.00");
    expect(assTime(3723.456)).toBe("1:02:03.46");
    expect(assText("a {\\b1} b\nc")).toBe("a (⧵b1) b c");
    const script = captionScript({
      title: "",
      handle: "ana",
      durationS: 10,
      lines: [{ text: "la {la}", startS: 1, endS: 2 }],
      font: "Sans",
    });
    expect(script).toContain("Dialogue: 0,0:00:00.00,0:00:10.00,Title,,0,0,0,,Untitled\\N{\\fs30\\b0}@ana");
    expect(script).toContain("Dialogue: 0,0:00:01.00,0:00:02.00,Lyrics,,0,0,0,,la (la)");
  });
});

const FFMPEG_SAYS = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'video.mp4':
  Duration: 00:03:00.02, start: 0.000000, bitrate: 1347 kb/s
    Stream #0:0(und): Video: h264 (Constrained Baseline) (avc1 / 0x31637661), yuv420p, 1280x720 [SAR 1:1 DAR 16:9], 1237 kb/s, 30 fps, 30 tbr, 15360 tbn, 60 tbc (default)
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 103 kb/s (default)`;

describe("media probe", () => {
  it("reads the duration and the first video and audio streams", () => {
    expect(parseProbe(FFMPEG_SAYS)).toEqual({
      durationS: 180.02,
      video: { codec: "h264", width: 1280, height: 720, fps: 30 },
      audio: { codec: "aac" },
    });
    expect(parseProbe("Duration: N/A\n Stream #0:0: Audio: mp3, 44100 Hz")).toEqual({
      durationS: null,
      video: null,
      audio: { codec: "mp3" },
    });
  });

  it("accepts a song video within one frame of the song and names what is wrong otherwise", () => {
    const info = parseProbe(FFMPEG_SAYS);
    const shape = (durationS: number) => ({ width: 1280, height: 720, fps: 30, durationS });
    expect(() => checkRenderedVideo(info, shape(180.0))).not.toThrow();
    expect(() => checkRenderedVideo(info, shape(179.9))).toThrow(/duration 180.02 s, not 179.9 s/);
    expect(() => checkRenderedVideo({ ...info, audio: null }, shape(180))).toThrow(/audio missing/);
    expect(() => checkRenderedVideo(info, { ...shape(180), width: 720 })).toThrow(/size 1280x720/);
  });
});

describe("uploaded video rules", () => {
  const video = (width: number, height: number, fps: number | null) => ({
    codec: "h264",
    width,
    height,
    fps,
  });
  it("takes videos up to 4K at 60 fps with a length, and refuses the rest", () => {
    expect(uploadedVideoProblem({ durationS: 12, video: video(3840, 2160, 60), audio: null })).toBeNull();
    expect(uploadedVideoProblem({ durationS: 12, video: video(3840, 2160, 120), audio: null })).toBe(
      VIDEO_TOO_BIG_PICTURE,
    );
    expect(uploadedVideoProblem({ durationS: 12, video: video(4096, 2160, 30), audio: null })).toBe(
      VIDEO_TOO_BIG_PICTURE,
    );
    expect(uploadedVideoProblem({ durationS: 12, video: null, audio: { codec: "aac" } })).toBe(
      VIDEO_NOT_A_VIDEO,
    );
    expect(uploadedVideoProblem({ durationS: 0, video: video(320, 240, 25), audio: null })).toBe(
      VIDEO_NOT_A_VIDEO,
    );
    expect(uploadedVideoProblem({ durationS: null, video: video(320, 240, 25), audio: null })).toBe(
      VIDEO_NOT_A_VIDEO,
    );
  });
});
