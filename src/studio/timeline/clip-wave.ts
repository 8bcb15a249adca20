// A clip's waveform: rasterised into a texture at a power-of-two zoom for the drawn part and some
// more either side, so small zoom steps only stretch it and scrolling rarely redraws it. The view
// says how much drawing its frame may afford (WaveBuilds).

import { BufferImageSource, Rectangle, Sprite, Texture } from "pixi.js";
import type { StudioClip } from "../../shared/project/index.ts";
import type { TempoMap } from "../../shared/timing/tempo-map.ts";
import type { SourcePeaks } from "../audio/source-library.ts";
import type { ClipFrame } from "./clip-geometry.ts";
import type { ClipTiming } from "./clip-timing.ts";
import { CLIP_HEADER_PX, WAVE_MAX_COLUMNS, WAVE_TEXTURE_HEIGHT } from "./constants.ts";
import { mix } from "./palette.ts";
import { setTint } from "./tint.ts";
import { rasterizeWaveform } from "./waveform-raster.ts";

/**
 * Which waveforms a frame may draw: none (its budget is spent), only those with nothing to show
 * (while zooming, the others stretch their last drawing until the zoom settles), or any.
 */
export type WaveBuilds = "none" | "missing" | "all";

export interface WaveResult {
  /** Whether a waveform was rasterised (spending the frame's budget). */
  readonly built: boolean;
  /** Whether it is up to date; if not, a later frame draws it. */
  readonly settled: boolean;
}

/** The zoom a waveform is drawn at: the nearest power of two, so small zoom steps only stretch it. */
const waveZoom = (pixelsPerBeat: number): number => 2 ** Math.round(Math.log2(pixelsPerBeat));

interface WaveBuild {
  readonly clip: StudioClip;
  readonly peaks: SourcePeaks;
  readonly tempo: TempoMap;
  readonly zoom: number;
  readonly fromBeat: number;
  readonly toBeat: number;
}

export class ClipWave {
  private sprite: Sprite | null = null;
  private source: BufferImageSource | null = null;
  private pixels: Uint32Array | null = null;
  private stride = 0;
  private built: WaveBuild | null = null;

  /** `insert` puts the waveform's sprite in the view, once, where it belongs among its parts. */
  constructor(private readonly insert: (sprite: Sprite) => void) {}

  /** Forgets what was drawn (the view now shows another clip). */
  forget(): void {
    this.built = null;
  }

  hide(): void {
    if (this.sprite !== null) this.sprite.visible = false;
  }

  draw(
    clip: StudioClip,
    peaks: SourcePeaks | undefined,
    color: number,
    frame: ClipFrame,
    inner: number,
    timing: () => ClipTiming,
    builds: WaveBuilds,
  ): WaveResult {
    if (peaks === undefined || inner < 6) {
      this.hide();
      return { built: false, settled: true };
    }
    const { pixelsPerBeat, tempo } = frame;
    const zoom = waveZoom(pixelsPerBeat);
    const viewFrom = Math.max(clip.startBeats, frame.windowStart);
    const viewTo = Math.min(clip.endBeats, frame.windowEnd);
    const built = this.built;
    const current =
      built !== null &&
      built.clip === clip &&
      built.peaks === peaks &&
      built.tempo === tempo &&
      built.fromBeat <= viewFrom + 1e-9 &&
      built.toBeat >= viewTo - 1e-9;
    let didBuild = false;
    if (!(current && built.zoom === zoom)) {
      if (builds === "all" || (builds === "missing" && !current)) {
        const viewBeats = (frame.windowEnd - frame.windowStart) / 2;
        this.build(clip, peaks, frame, timing(), zoom, viewFrom, viewTo, viewBeats);
        didBuild = true;
      } else if (!current) {
        // Nothing usable to stretch: leave it blank this frame rather than show another clip's.
        this.hide();
        return { built: false, settled: false };
      }
    }
    const sprite = this.sprite;
    const done = this.built;
    if (sprite === null || done === null) return { built: didBuild, settled: true };
    sprite.visible = true;
    sprite.x = (done.fromBeat - clip.startBeats) * pixelsPerBeat;
    sprite.y = CLIP_HEADER_PX + 1;
    sprite.scale.set(pixelsPerBeat / done.zoom, Math.max(1, inner - 2) / WAVE_TEXTURE_HEIGHT);
    setTint(sprite, clip.mute ? 0x9a9ca6 : mix(color, 0xffffff, frame.palette.dark ? 0.55 : 0.05));
    sprite.alpha = frame.palette.dark ? 0.9 : 0.75;
    return { built: didBuild, settled: done.zoom === zoom };
  }

  private build(
    clip: StudioClip,
    peaks: SourcePeaks,
    frame: ClipFrame,
    timing: ClipTiming,
    zoom: number,
    viewFrom: number,
    viewTo: number,
    viewBeats: number,
  ): void {
    // The drawn part and some more either side, so the next windows need no redraw.
    const margin = viewBeats / 2;
    let fromBeat = Math.max(clip.startBeats, viewFrom - margin);
    let toBeat = Math.min(clip.endBeats, viewTo + margin);
    if ((toBeat - fromBeat) * zoom > WAVE_MAX_COLUMNS) {
      const room = WAVE_MAX_COLUMNS / zoom;
      const centre = (viewFrom + viewTo) / 2;
      fromBeat = Math.max(clip.startBeats, centre - room / 2);
      toBeat = Math.min(clip.endBeats, fromBeat + room);
    }
    const columns = Math.max(1, Math.min(WAVE_MAX_COLUMNS, Math.ceil((toBeat - fromBeat) * zoom)));
    this.ensureTexture(columns);
    const { pixels, source, sprite } = this;
    if (pixels === null || source === null || sprite === null) return;
    rasterizeWaveform(
      { pixels, stride: this.stride, height: WAVE_TEXTURE_HEIGHT },
      { fromBeat, columns, pixelsPerBeat: zoom },
      timing,
      frame.tempo,
      peaks,
    );
    const texture = sprite.texture;
    texture.frame.width = columns;
    texture.update();
    source.update();
    this.built = { clip, peaks, tempo: frame.tempo, zoom, fromBeat, toBeat: fromBeat + columns / zoom };
  }

  private ensureTexture(columns: number): void {
    if (this.source !== null && this.stride >= columns) return;
    // Grown in powers of two, so a view reallocates a few times in its life at most.
    const stride = Math.min(WAVE_MAX_COLUMNS, 2 ** Math.ceil(Math.log2(Math.max(256, columns))));
    const pixels = new Uint32Array(stride * WAVE_TEXTURE_HEIGHT);
    const source = new BufferImageSource({
      resource: new Uint8Array(pixels.buffer),
      width: stride,
      height: WAVE_TEXTURE_HEIGHT,
      scaleMode: "linear",
    });
    const texture = new Texture({
      source,
      frame: new Rectangle(0, 0, columns, WAVE_TEXTURE_HEIGHT),
      dynamic: true,
    });
    if (this.sprite === null) {
      this.sprite = new Sprite(texture);
      this.insert(this.sprite);
    } else {
      const old = this.sprite.texture;
      this.sprite.texture = texture;
      old.destroy(true);
    }
    this.source = source;
    this.pixels = pixels;
    this.stride = stride;
    this.built = null;
  }

  /** Frees the texture (the sprite goes with the view's container). */
  destroy(): void {
    this.sprite?.texture.destroy(true);
  }
}
