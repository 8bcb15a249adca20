import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SONG_VIDEO_FPS, SONG_VIDEO_HEIGHT, SONG_VIDEO_WIDTH } from "../../shared/api/video.ts";
import { captionLines, captionScript, type TimedWord } from "./lyric-captions.ts";
import { checkRenderedVideo, type MediaInfo, probeMedia } from "./media-probe.ts";
import { FfmpegError, runFfmpeg } from "./run-ffmpeg.ts";

export interface SongVideoInputs {
  /** Files inside `dir`: the song's audio, and its cover image when it has one. */
  readonly audioFile: string;
  readonly coverFile: string | null;
  readonly title: string;
  readonly handle: string;
  readonly words: readonly TimedWord[];
}

/** A render stuck past this is killed: ten times a 3-minute song's render on a loaded machine. */
const RENDER_TIMEOUT_MS = 10 * 60_000;
/** Encoder and filter threads per render: the machine runs the API and the generator too. */
const THREADS = "2";
/** The waveform band along the bottom. */
const WAVE_HEIGHT = 160;
/** The waveform's opacity over the background: its grey level, drawn as the band's alpha. */
const WAVE_OPACITY = "0xD9D9D9";
/** The cover at the left, square. */
const ART_SIZE = 440;
/** What libass asks fontconfig for: the system's sans-serif face. */
const FONT = "Sans";

/** The song's video as made: the file (in `dir`) and what its probe found. */
export interface RenderedVideo {
  readonly file: string;
  readonly info: MediaInfo;
  readonly songDurationS: number;
}

/**
 * Renders a song video in `dir` in two ffmpeg runs. The first makes the one background frame (the
 * cover blurred to fill the frame and darkened, the cover itself at the left; a plain colour when
 * the song has no cover). The second loops that frame in memory (decoded once, not per frame),
 * draws the song's waveform over the bottom band, burns in the title, handle and lyrics, and
 * encodes H.264 (ultrafast: the picture is mostly still) and AAC into an MP4 that starts playing
 * before it has all arrived (faststart).
 */
export async function renderSongVideo(
  dir: string,
  inputs: SongVideoInputs,
  signal: AbortSignal,
): Promise<RenderedVideo> {
  const run = { cwd: dir, signal, timeoutMs: RENDER_TIMEOUT_MS };
  const song = await probeMedia(inputs.audioFile, run);
  if (!song.audio || song.durationS === null || song.durationS <= 0)
    throw new FfmpegError("The song's audio has no duration");
  const W = SONG_VIDEO_WIDTH;
  const H = SONG_VIDEO_HEIGHT;
  const background = inputs.coverFile
    ? {
        input: ["-i", inputs.coverFile],
        filter: `[0:v]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},boxblur=24:2,eq=brightness=-0.3[bg];[0:v]scale=${ART_SIZE}:${ART_SIZE}[art];[bg][art]overlay=80:${(H - WAVE_HEIGHT - ART_SIZE) / 2 + 20}`,
      }
    : { input: ["-f", "lavfi", "-i", `color=c=0x1d1b3a:s=${W}x${H}`], filter: "[0:v]null" };
  await runFfmpeg(
    [
      "-y",
      ...background.input,
      "-filter_complex",
      `${background.filter},format=yuv420p`,
      "-frames:v",
      "1",
      "background.png",
    ],
    run,
  );
  await writeFile(
    join(dir, "captions.ass"),
    captionScript({
      title: inputs.title,
      handle: inputs.handle,
      durationS: song.durationS,
      lines: captionLines(inputs.words),
      font: FONT,
    }),
  );
  const fps = SONG_VIDEO_FPS;
  const filter = [
    `[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/${fps}/TB[base]`,
    // showwaves draws RGBA, and converting that to YUVA for the overlay cost more than everything
    // else in the filter graph; the waveform drawn grey on black is its own alpha mask instead (its
    // red plane taken as it is), laid on a plain white band: the same picture for a quarter of it.
    `[1:a]showwaves=s=${W}x${WAVE_HEIGHT}:mode=cline:rate=${fps}:colors=${WAVE_OPACITY},extractplanes=r[mask]`,
    // As long as the song: alphamerge would otherwise go on past the waveform's last frame.
    `color=c=white:s=${W}x${WAVE_HEIGHT}:r=${fps}:d=${song.durationS.toFixed(3)},format=yuva420p[white]`,
    "[white][mask]alphamerge[wave]",
    `[base][wave]overlay=0:${H - WAVE_HEIGHT}:shortest=1,subtitles=captions.ass[v]`,
  ].join(";");
  await runFfmpeg(
    [
      "-y",
      "-threads",
      THREADS,
      "-filter_complex_threads",
      "1",
      "-i",
      "background.png",
      "-i",
      inputs.audioFile,
      "-filter_complex",
      filter,
      "-map",
      "[v]",
      "-map",
      "1:a",
      "-c:v",
      "libx264",
      // ultrafast without `-tune stillimage`: that tune turns back on analysis ultrafast leaves
      // out and doubled the encoder's time on a picture that is still but for the bottom band.
      "-preset",
      "ultrafast",
      "-crf",
      "28",
      "-pix_fmt",
      "yuv420p",
      "-r",
      String(fps),
      "-c:a",
      "aac",
      "-b:a",
      "160k",
      // The mid/side search took three quarters of the AAC encoder's time on songs close to mono;
      // at 160 kb/s left/right coding loses nothing one hears.
      "-aac_ms",
      "0",
      "-shortest",
      "-movflags",
      "+faststart",
      "video.mp4",
    ],
    run,
  );
  const info = await probeMedia("video.mp4", run);
  checkRenderedVideo(info, { width: W, height: H, fps, durationS: song.durationS });
  return { file: join(dir, "video.mp4"), info, songDurationS: song.durationS };
}
