// The engine as the host drives it: small patches in, one quantum out per render call.
// Slot arguments out of range are refused (false) rather than trusted: unchecked
// indexing past a table would corrupt memory silently.
import { MAX_CLIPS, MAX_SOURCES, MAX_TRACKS } from "./abi";
import { Engine } from "./engine";

function engine(handle: usize): Engine {
  return changetype<Engine>(handle);
}

export function engineCreate(sampleRate: f64): usize {
  return changetype<usize>(new Engine(sampleRate));
}

/** Makes room for a source's planar f32 PCM and returns where to write it (0 if refused). */
export function engineSourceLoad(handle: usize, slot: i32, frames: i32, channels: i32): usize {
  if (slot < 0 || slot >= MAX_SOURCES || frames <= 0 || channels < 1 || channels > 2) return 0;
  const source = unchecked(engine(handle).sources[slot]);
  if (source.data != 0) heap.free(source.data);
  source.data = heap.alloc((<usize>frames * <usize>channels) << 2);
  source.frames = frames;
  source.channels = channels;
  source.arrived = 0;
  return source.data;
}

export function engineSourceArrived(handle: usize, slot: i32, frames: i32): bool {
  if (slot < 0 || slot >= MAX_SOURCES) return false;
  const source = unchecked(engine(handle).sources[slot]);
  source.arrived = frames < 0 ? 0 : frames > source.frames ? source.frames : frames;
  return true;
}

export function engineSourceRelease(handle: usize, slot: i32): bool {
  if (slot < 0 || slot >= MAX_SOURCES) return false;
  const source = unchecked(engine(handle).sources[slot]);
  if (source.data != 0) heap.free(source.data);
  source.data = 0;
  source.frames = 0;
  source.channels = 0;
  source.arrived = 0;
  return true;
}

export function engineTrackSet(
  handle: usize,
  slot: i32,
  amplitude: f64,
  balance: f64,
  mute: bool,
  solo: bool,
): bool {
  if (slot < 0 || slot >= MAX_TRACKS) return false;
  const track = unchecked(engine(handle).tracks[slot]);
  track.activate();
  track.amplitude = amplitude;
  track.balance = balance;
  track.mute = mute;
  track.solo = solo;
  return true;
}

export function engineTrackEq(handle: usize, slot: i32, enabled: bool): bool {
  if (slot < 0 || slot >= MAX_TRACKS) return false;
  unchecked(engine(handle).tracks[slot]).eq.setEnabled(enabled);
  return true;
}

/** Stage ids as in track-eq.ts: 0 high-pass, 1..4 band1..band4, 5 low-pass. */
export function engineTrackEqStage(
  handle: usize,
  slot: i32,
  stage: i32,
  enabled: bool,
  frequency: f64,
  q: f64,
  gainDb: f64,
): bool {
  if (slot < 0 || slot >= MAX_TRACKS) return false;
  unchecked(engine(handle).tracks[slot]).eq.setStage(stage, enabled, frequency, q, gainDb);
  return true;
}

export function engineTrackRemove(handle: usize, slot: i32): bool {
  if (slot < 0 || slot >= MAX_TRACKS) return false;
  unchecked(engine(handle).tracks[slot]).active = false;
  return true;
}

export function engineClipSet(
  handle: usize,
  slot: i32,
  track: i32,
  source: i32,
  start: f64,
  end: f64,
  sourceStart: f64,
  amplitude: f64,
  mute: bool,
  fadeIn: f64,
  fadeOut: f64,
  loopEnabled: bool,
  loopStart: f64,
  loopEnd: f64,
): bool {
  if (
    slot < 0 ||
    slot >= MAX_CLIPS ||
    track < 0 ||
    track >= MAX_TRACKS ||
    source < 0 ||
    source >= MAX_SOURCES
  ) {
    return false;
  }
  const e = engine(handle);
  const clip = unchecked(e.clips[slot]);
  clip.track = track;
  clip.source = source;
  clip.start = start;
  clip.end = end;
  clip.sourceStart = sourceStart;
  clip.amplitude = amplitude;
  clip.mute = mute;
  clip.fadeIn = fadeIn;
  clip.fadeOut = fadeOut;
  clip.loopEnabled = loopEnabled && loopEnd > loopStart;
  clip.loopStart = loopStart;
  clip.loopEnd = loopEnd;
  e.activateClip(slot);
  return true;
}

/**
 * How a clip reads its source, after engineClipSet: transposition in
 * semitones (formant: keep the spectral envelope) and the warp map, `count`
 * (timeline frame, source frame) f64 pairs at `map`, owned by the host and
 * kept alive while set (0 points: unwarped). A clip with a map or a
 * transposition reads through a stretcher, allocated here (setup, never in
 * render); one with neither frees it and plays the plain copy.
 */
export function engineClipStretch(
  handle: usize,
  slot: i32,
  transposition: f64,
  formant: bool,
  map: usize,
  count: i32,
): bool {
  if (slot < 0 || slot >= MAX_CLIPS) return false;
  const e = engine(handle);
  if (!isFinite(transposition)) transposition = 0.0;
  unchecked(e.clips[slot]).setStretch(e.sampleRate, transposition, formant, map, count);
  return true;
}

/** Removes the clip and frees its stretcher. */
export function engineClipRemove(handle: usize, slot: i32): bool {
  if (slot < 0 || slot >= MAX_CLIPS) return false;
  const e = engine(handle);
  e.deactivateClip(slot);
  const clip = unchecked(e.clips[slot]);
  clip.freeStretcher();
  clip.map = 0;
  clip.mapCount = 0;
  clip.transposition = 0.0;
  return true;
}

export function engineMasterSet(
  handle: usize,
  amplitude: f64,
  songFadeInEnd: f64,
  songFadeOutStart: f64,
  songFadeOutEnd: f64,
): void {
  const e = engine(handle);
  e.masterAmplitude = amplitude;
  e.songFadeInEnd = songFadeInEnd;
  e.songFadeOutStart = songFadeOutStart;
  e.songFadeOutEnd = songFadeOutEnd;
}

export function engineLoopSet(handle: usize, enabled: bool, start: f64, end: f64): void {
  const e = engine(handle);
  e.loopEnabled = enabled && end > start;
  e.loopStart = start;
  e.loopEnd = end;
}

/** beats points at `count` f64 timeline frames owned by the host (kept alive while set). */
export function engineMetronomeSet(
  handle: usize,
  enabled: bool,
  amplitude: f64,
  beatsPerBar: i32,
  beats: usize,
  count: i32,
): void {
  const metronome = engine(handle).metronome;
  metronome.enabled = enabled;
  metronome.amplitude = amplitude;
  metronome.beatsPerBar = beatsPerBar > 0 ? beatsPerBar : 4;
  metronome.beats = beats;
  metronome.count = beats == 0 ? 0 : count;
}

export function enginePlay(handle: usize): void {
  engine(handle).play();
}

export function engineStop(handle: usize): void {
  engine(handle).stop();
}

export function engineSeek(handle: usize, frame: f64): void {
  engine(handle).seek(frame);
}

export function engineRender(handle: usize): void {
  engine(handle).render();
}

export function engineOutputLeft(handle: usize): usize {
  return changetype<usize>(engine(handle).outLeft);
}

export function engineOutputRight(handle: usize): usize {
  return changetype<usize>(engine(handle).outRight);
}

export function engineMeters(handle: usize): usize {
  return changetype<usize>(engine(handle).meters);
}

export function enginePosition(handle: usize): f64 {
  return engine(handle).position;
}

/** Frames by which the output trails the transport (the master limiter's lookahead). */
export function engineLatencyFrames(handle: usize): i32 {
  return engine(handle).limiter.latency;
}

export function enginePlaying(handle: usize): bool {
  return engine(handle).playing;
}
