import { MAX_CLIPS, MAX_SOURCES, MAX_TRACKS, METER_FLOATS, QUANTUM_FRAMES } from "./abi";
import { Clip, DECLICK_FRAMES, renderClip } from "./clip-voice";
import { fadeGain } from "./fade-curve";
import { LevelMeter } from "./level-meter";
import { Limiter } from "./limiter";
import { Metronome } from "./metronome";
import { Source } from "./source";
import { TrackStrip } from "./track-strip";

const NO_SEEK: f64 = -1.0;

/**
 * The mixer and transport: clips into tracks, tracks into the master, one
 * render quantum per call. Everything is allocated here, at creation; render()
 * only reads and writes what exists.
 */
export class Engine {
  readonly sources: StaticArray<Source> = new StaticArray<Source>(MAX_SOURCES);
  readonly clips: StaticArray<Clip> = new StaticArray<Clip>(MAX_CLIPS);
  readonly tracks: StaticArray<TrackStrip> = new StaticArray<TrackStrip>(MAX_TRACKS);
  readonly metronome: Metronome;
  /** True-peak-safe brickwall on the master: nothing the engine outputs, live or exported, clips. */
  readonly limiter: Limiter;
  private readonly masterMeter: LevelMeter;
  readonly outLeft: StaticArray<f32> = new StaticArray<f32>(QUANTUM_FRAMES);
  readonly outRight: StaticArray<f32> = new StaticArray<f32>(QUANTUM_FRAMES);
  readonly meters: StaticArray<f32> = new StaticArray<f32>((MAX_TRACKS + 1) * METER_FLOATS);

  // Active clips as a dense list, so a quantum visits only clips that exist.
  private readonly activeClips: StaticArray<i32> = new StaticArray<i32>(MAX_CLIPS);
  private readonly activeIndex: StaticArray<i32> = new StaticArray<i32>(MAX_CLIPS);
  private activeClipCount: i32 = 0;

  // Per-frame transport facts of the current quantum.
  private readonly timeline: StaticArray<f64> = new StaticArray<f64>(QUANTUM_FRAMES);
  private readonly transportGain: StaticArray<f64> = new StaticArray<f64>(QUANTUM_FRAMES);
  private readonly clickLeft: StaticArray<f32> = new StaticArray<f32>(QUANTUM_FRAMES);
  private readonly clickRight: StaticArray<f32> = new StaticArray<f32>(QUANTUM_FRAMES);

  playing: bool = false;
  position: f64 = 0;
  private stopRequested: bool = false;
  private seekTarget: f64 = NO_SEEK;
  private sinceJump: f64 = 0;

  loopEnabled: bool = false;
  loopStart: f64 = 0;
  loopEnd: f64 = 0;

  masterAmplitude: f64 = 1;
  private masterGain: f64 = 1;
  songFadeInEnd: f64 = 0;
  songFadeOutStart: f64 = 0;
  songFadeOutEnd: f64 = 0;

  constructor(readonly sampleRate: f64) {
    this.metronome = new Metronome(sampleRate);
    this.limiter = new Limiter(sampleRate);
    this.masterMeter = new LevelMeter(sampleRate);
    for (let i = 0; i < MAX_SOURCES; i++) unchecked((this.sources[i] = new Source()));
    for (let i = 0; i < MAX_CLIPS; i++) unchecked((this.clips[i] = new Clip()));
    for (let i = 0; i < MAX_TRACKS; i++) unchecked((this.tracks[i] = new TrackStrip(sampleRate)));
  }

  activateClip(slot: i32): void {
    const clip = unchecked(this.clips[slot]);
    if (clip.active) return;
    clip.active = true;
    clip.gain = -1.0;
    unchecked((this.activeIndex[slot] = this.activeClipCount));
    unchecked((this.activeClips[this.activeClipCount] = slot));
    this.activeClipCount++;
  }

  deactivateClip(slot: i32): void {
    const clip = unchecked(this.clips[slot]);
    if (!clip.active) return;
    clip.active = false;
    const index = unchecked(this.activeIndex[slot]);
    const moved = unchecked(this.activeClips[--this.activeClipCount]);
    unchecked((this.activeClips[index] = moved));
    unchecked((this.activeIndex[moved] = index));
  }

  /** Plays on; a stop still fading out (asked for since the last quantum) is called off. */
  play(): void {
    this.stopRequested = false;
    if (this.playing) return;
    this.playing = true;
    this.stopRequested = false;
    this.sinceJump = 0;
  }

  /** Stops after fading out over the next quantum. */
  stop(): void {
    if (this.playing) this.stopRequested = true;
  }

  /** Moves the playhead; while playing, after fading out over the next quantum. */
  seek(frame: f64): void {
    if (this.playing) {
      this.seekTarget = frame;
    } else {
      this.position = frame;
    }
  }

  render(): void {
    memory.fill(changetype<usize>(this.outLeft), 0, (<usize>QUANTUM_FRAMES) << 2);
    memory.fill(changetype<usize>(this.outRight), 0, (<usize>QUANTUM_FRAMES) << 2);
    memory.fill(changetype<usize>(this.clickLeft), 0, (<usize>QUANTUM_FRAMES) << 2);
    memory.fill(changetype<usize>(this.clickRight), 0, (<usize>QUANTUM_FRAMES) << 2);
    for (let i = 0; i < MAX_TRACKS; i++) {
      const track = unchecked(this.tracks[i]);
      if (track.active) track.clear();
    }
    if (this.playing) this.renderTimeline();
    this.mixTracks();
    if (this.playing) this.finishMaster();
    const left = changetype<usize>(this.outLeft);
    const right = changetype<usize>(this.outRight);
    // Also while stopped: the limiter's delay line drains and the meters fall back to silence.
    this.limiter.process(left, right, QUANTUM_FRAMES);
    this.masterMeter.measure(left, right, QUANTUM_FRAMES);
    this.masterMeter.writeTo(changetype<usize>(this.meters) + ((<usize>MAX_TRACKS * METER_FLOATS) << 2));
  }

  /** Renders clips and clicks along the timeline, wrapping at the loop end sample-accurately. */
  private renderTimeline(): void {
    const fadingOut = this.stopRequested || this.seekTarget != NO_SEEK;
    let done = 0;
    while (done < QUANTUM_FRAMES) {
      let frames = QUANTUM_FRAMES - done;
      const wraps = this.loopEnabled && this.loopEnd > this.loopStart && this.position < this.loopEnd;
      if (wraps) frames = <i32>Math.min(<f64>frames, Math.ceil(this.loopEnd - this.position));
      for (let i = 0; i < frames; i++) {
        const t = this.position + <f64>i;
        let gain = 1.0;
        if (this.sinceJump + <f64>i < DECLICK_FRAMES)
          gain = fadeGain((this.sinceJump + <f64>i + 0.5) / DECLICK_FRAMES);
        if (wraps && this.loopEnd - t < DECLICK_FRAMES)
          gain *= fadeGain((this.loopEnd - t - 0.5) / DECLICK_FRAMES);
        if (fadingOut) gain *= fadeGain((<f64>(QUANTUM_FRAMES - done - i) - 0.5) / <f64>QUANTUM_FRAMES);
        unchecked((this.timeline[done + i] = t));
        unchecked((this.transportGain[done + i] = gain));
      }
      this.renderClips(done, frames);
      this.metronome.render(
        changetype<usize>(this.clickLeft),
        changetype<usize>(this.clickRight),
        done,
        this.position,
        frames,
      );
      this.position += <f64>frames;
      this.sinceJump += <f64>frames;
      done += frames;
      if (wraps && this.position >= this.loopEnd) {
        this.position = this.loopStart;
        this.sinceJump = 0;
      }
    }
    if (this.stopRequested) {
      this.playing = false;
      this.stopRequested = false;
    }
    if (this.seekTarget != NO_SEEK) {
      this.position = this.seekTarget;
      this.seekTarget = NO_SEEK;
      this.sinceJump = 0;
    }
  }

  private renderClips(offset: i32, frames: i32): void {
    for (let i = 0; i < this.activeClipCount; i++) {
      const clip = unchecked(this.clips[unchecked(this.activeClips[i])]);
      const track = unchecked(this.tracks[clip.track]);
      if (!track.active) continue;
      renderClip(
        clip,
        unchecked(this.sources[clip.source]),
        track.leftPtr(),
        track.rightPtr(),
        offset,
        this.position,
        frames,
      );
    }
  }

  private mixTracks(): void {
    let anySolo = false;
    for (let i = 0; i < MAX_TRACKS; i++) {
      const track = unchecked(this.tracks[i]);
      if (track.active && track.solo) anySolo = true;
    }
    const busLeft = changetype<usize>(this.outLeft);
    const busRight = changetype<usize>(this.outRight);
    for (let i = 0; i < MAX_TRACKS; i++) {
      const track = unchecked(this.tracks[i]);
      if (!track.active) continue;
      track.mixInto(busLeft, busRight, !track.mute && (!anySolo || track.solo));
      track.meter.measure(track.leftPtr(), track.rightPtr(), QUANTUM_FRAMES);
      track.meter.writeTo(changetype<usize>(this.meters) + ((<usize>(i * METER_FLOATS)) << 2));
    }
  }

  /** Master fader, song fades and declicks, then the clicks on top. */
  private finishMaster(): void {
    const left = changetype<usize>(this.outLeft);
    const right = changetype<usize>(this.outRight);
    const from = this.masterGain;
    const step = (this.masterAmplitude - from) / <f64>QUANTUM_FRAMES;
    this.masterGain = this.masterAmplitude;
    for (let i = 0; i < QUANTUM_FRAMES; i++) {
      const t = unchecked(this.timeline[i]);
      const transport = unchecked(this.transportGain[i]);
      let gain = (from + step * <f64>(i + 1)) * transport;
      if (t < this.songFadeInEnd) gain *= fadeGain((t + 0.5) / this.songFadeInEnd);
      if (t >= this.songFadeOutStart && this.songFadeOutEnd > this.songFadeOutStart) {
        gain *= fadeGain((this.songFadeOutEnd - t - 0.5) / (this.songFadeOutEnd - this.songFadeOutStart));
      }
      const at = (<usize>i) << 2;
      const clickL = <f64>load<f32>(changetype<usize>(this.clickLeft) + at) * transport;
      const clickR = <f64>load<f32>(changetype<usize>(this.clickRight) + at) * transport;
      const outL = <f64>load<f32>(left + at) * gain + clickL;
      const outR = <f64>load<f32>(right + at) * gain + clickR;
      // The last guard: whatever went wrong upstream, the speakers never get NaN or Inf.
      store<f32>(left + at, isFinite(outL) ? <f32>outL : 0);
      store<f32>(right + at, isFinite(outR) ? <f32>outR : 0);
    }
  }
}
