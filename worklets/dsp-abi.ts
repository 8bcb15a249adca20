// ABI: mirrors dsp/abi.ts. The wasm exports each value as a function of the
// same name; instantiateDsp() refuses a binary whose values differ.
export const DSP_ABI = {
  abiVersion: 3,
  /** Frames per render call: Web Audio's render quantum. */
  quantumFrames: 128,
  maxTracks: 256,
  maxClips: 8192,
  maxSources: 2048,
  /** Floats per meter strip: peak L, peak R, RMS L, RMS R (linear); the master strip follows the tracks'. */
  meterFloats: 4,
} as const;

export const QUANTUM_FRAMES = DSP_ABI.quantumFrames;

/** Pointers into wasm memory (byte offsets) and engine handles, as JavaScript sees them. */
type Ptr = number;
type Handle = number;
/** AssemblyScript bools cross as 0 or 1. */
type Flag = number | boolean;

/** The functions dsp/index.ts exports, as JavaScript sees them. */
export interface DspExports extends Record<keyof typeof DSP_ABI, () => number> {
  readonly memory: WebAssembly.Memory;
  /** Setup only (never while rendering); may grow memory, so views over it must be made afresh after. */
  alloc(bytes: number): number;
  free(ptr: number): void;
  toneReset(sampleRate: number, frequencyHz: number, gain: number): void;
  toneRender(): void;
  toneOutputPtr(): number;
  fadeGain(x: number): number;
  /** Setup only (allocates): an FFT of `size` points (a power of two, 16..2^20), or 0. */
  fftCreate(size: number): Handle;
  /** In place on split f32 arrays of `size` each: the unnormalised forward transform. */
  fftForward(fft: Handle, re: Ptr, im: Ptr): void;
  fftDestroy(fft: Handle): void;
  /** A mono converter (whole Hz, 8 kHz to 192 kHz), or 0 for other rates. */
  resamplerCreate(inRate: number, outRate: number): Handle;
  /** Output frames written, or -1 (input not consumed) if outCapacity < resamplerMaxOutput(rs, inFrames). */
  resamplerProcess(rs: Handle, input: Ptr, inFrames: number, output: Ptr, outCapacity: number): number;
  /** Ends the stream and resets: frames written, or -1 if outCapacity < resamplerMaxOutput(rs, 0). */
  resamplerFlush(rs: Handle, output: Ptr, outCapacity: number): number;
  /** Output frames enough for any resamplerProcess of up to inFrames, and for resamplerFlush. */
  resamplerMaxOutput(rs: Handle, inFrames: number): number;
  resamplerReset(rs: Handle): void;
  resamplerDestroy(rs: Handle): void;
  engineCreate(sampleRate: number): Handle;
  engineSourceLoad(engine: Handle, slot: number, frames: number, channels: number): Ptr;
  engineSourceArrived(engine: Handle, slot: number, frames: number): number;
  engineSourceRelease(engine: Handle, slot: number): number;
  engineTrackSet(
    engine: Handle,
    slot: number,
    amplitude: number,
    balance: number,
    mute: Flag,
    solo: Flag,
  ): number;
  engineTrackEq(engine: Handle, slot: number, enabled: Flag): number;
  engineTrackEqStage(
    engine: Handle,
    slot: number,
    stage: number,
    enabled: Flag,
    frequency: number,
    q: number,
    gainDb: number,
  ): number;
  engineTrackRemove(engine: Handle, slot: number): number;
  engineClipSet(
    engine: Handle,
    slot: number,
    track: number,
    source: number,
    start: number,
    end: number,
    sourceStart: number,
    amplitude: number,
    mute: Flag,
    fadeIn: number,
    fadeOut: number,
    loopEnabled: Flag,
    loopStart: number,
    loopEnd: number,
  ): number;
  /** After engineClipSet: transposition (semitones) and the warp map, count (timeline, source) f64 frame pairs at map (0: unwarped). Setup only: may allocate. */
  engineClipStretch(
    engine: Handle,
    slot: number,
    transposition: number,
    formant: Flag,
    map: Ptr,
    count: number,
  ): number;
  engineClipRemove(engine: Handle, slot: number): number;
  engineMasterSet(
    engine: Handle,
    amplitude: number,
    songFadeInEnd: number,
    songFadeOutStart: number,
    songFadeOutEnd: number,
  ): void;
  engineLoopSet(engine: Handle, enabled: Flag, start: number, end: number): void;
  engineMetronomeSet(
    engine: Handle,
    enabled: Flag,
    amplitude: number,
    beatsPerBar: number,
    beats: Ptr,
    count: number,
  ): void;
  enginePlay(engine: Handle): void;
  engineStop(engine: Handle): void;
  engineSeek(engine: Handle, frame: number): void;
  engineRender(engine: Handle): void;
  engineOutputLeft(engine: Handle): Ptr;
  engineOutputRight(engine: Handle): Ptr;
  engineMeters(engine: Handle): Ptr;
  enginePosition(engine: Handle): number;
  enginePlaying(engine: Handle): number;
  engineLatencyFrames(engine: Handle): number;
  /** Setup only: may grow memory. Returns a track EQ handle: enabled, every stage disabled. */
  eqCreate(sampleRate: number): Handle;
  eqSetEnabled(eq: Handle, on: Flag): void;
  /** Stages 0 high pass, 1 low shelf, 2 and 3 peaking, 4 high shelf, 5 low pass; NaN/Inf keep the old value. */
  eqSetStage(eq: Handle, stage: number, enabled: Flag, frequency: number, q: number, gainDb: number): void;
  eqReset(eq: Handle): void;
  /** Filters planar f32 stereo in place; eqProcessScalar is the non-SIMD twin with equal output. */
  eqProcess(eq: Handle, left: Ptr, right: Ptr, frames: number): void;
  eqProcessScalar(eq: Handle, left: Ptr, right: Ptr, frames: number): void;
  /** Writes the stage's current b0, b1, b2, a1, a2 (normalised f64) at out. */
  eqStageCoefficients(eq: Handle, stage: number, out: Ptr): void;
  /** Setup only: may grow memory. A stereo level meter: RMS over a window of ~300 ms. */
  meterCreate(sampleRate: number): Handle;
  /** Once per quantum (at most QUANTUM_FRAMES frames) of planar f32; non-finite samples count as silence. */
  meterMeasure(meter: Handle, left: Ptr, right: Ptr, frames: number): void;
  /** Writes 4 f32 at out: peak L, peak R (of the last quantum), RMS L, RMS R (linear). */
  meterRead(meter: Handle, out: Ptr): void;
  meterReset(meter: Handle): void;
  /** Frames per level-0 (min, max) pair; a level-l pair covers peaksBaseBlock() << l frames. */
  peaksBaseBlock(): number;
  /** Levels for frames of PCM: 0 for none, then down to a level of one pair. */
  peaksLevelCount(frames: number): number;
  /** (min, max) f32 pairs peaksBuild writes for frames of PCM. */
  peaksTotalPairs(frames: number): number;
  /** Offset in pairs of a level; level == peaksLevelCount(frames) gives the total, outside [0, count] -1. */
  peaksLevelOffset(frames: number, level: number): number;
  /** Writes every level of mono f32 pcm to out as (min, max) f32 pairs, level 0 first; skips non-finite samples. */
  peaksBuild(pcm: Ptr, frames: number, out: Ptr): void;
  /** Setup only: may grow memory. A stereo-linked true-peak limiter, ceiling -1 dBTP. */
  limiterCreate(sampleRate: number): Handle;
  /** Clamped to [-60, 0] dB; NaN keeps the current ceiling. */
  limiterSetCeilingDb(limiter: Handle, db: number): void;
  /** In place on planar f32, usually one quantum; the output lags the input by limiterLatencyFrames. */
  limiterProcess(limiter: Handle, left: Ptr, right: Ptr, frames: number): void;
  limiterLatencyFrames(limiter: Handle): number;
  limiterReset(limiter: Handle): void;
  /** Setup only: may grow memory. Beat-analysis frame features at this rate, or 0 outside 8 kHz to 192 kHz. */
  beatFeaturesCreate(sampleRate: number): Handle;
  beatFeaturesDestroy(features: Handle): void;
  /** f32 per feature frame: onset, low onset, mean square, high onset, 12 chroma (see dsp/beats/onset.ts). */
  beatFeatureStride(): number;
  /** Input samples per feature frame; frame k is centred on sample k * hop. */
  beatFeaturesHop(features: Handle): number;
  beatFeaturesFftSize(features: Handle): number;
  /** Feature frames enough for any beatFeaturesProcess of up to inFrames, and for beatFeaturesFlush. */
  beatFeaturesMaxOutput(features: Handle, inFrames: number): number;
  /** Planar f32 (right 0 for mono): frames written to out, or -1 (nothing consumed) if out is too small. */
  beatFeaturesProcess(
    features: Handle,
    left: Ptr,
    right: Ptr,
    frames: number,
    out: Ptr,
    outCapacity: number,
  ): number;
  /** Ends the stream, writing its last frames, and resets; -1 if out is too small. */
  beatFeaturesFlush(features: Handle, out: Ptr, outCapacity: number): number;
  // Source separation into vocals, drums, bass and other (dsp/separation/separator.ts documents the framing).
  /** Setup only: may grow memory. 0 for a rate outside 8..384 kHz. */
  separationCreate(sampleRate: number): Handle;
  separationDestroy(separator: Handle): void;
  /** Stems per separator: vocals, drums, bass, other. */
  separationStemCount(): number;
  /** Samples per channel each push takes, and gives per stem. */
  separationHop(separator: Handle): number;
  /** Samples the stems' stream starts before the input's first (to drop). */
  separationLeadIn(separator: Handle): number;
  /** Where to write a hop of input: channel 0 left, 1 right. */
  separationInput(separator: Handle, channel: number): Ptr;
  /** Where a push writes a hop of a stem's channel. */
  separationOutput(separator: Handle, stem: number, channel: number): Ptr;
  /** Takes a hop of input; 1 when a hop of every stem was written. */
  separationPush(separator: Handle): Flag;
  // Time-stretch and pitch-shift (dsp/stretch/stretcher.ts documents the model).
  /** Setup only: may grow memory. 0 for a rate outside 8..384 kHz, channels outside 1..2, maxBlock outside 1..2^20. */
  stretcherCreate(sampleRate: number, channels: number, maxBlock: number): Handle;
  stretcherDestroy(st: Handle): void;
  /** Output duration / input duration, clamped to [1/128, 128]. */
  stretcherSetStretch(st: Handle, stretch: number): void;
  /** Semitones, clamped to +-24; formant keeps the spectral envelope in place. */
  stretcherSetTransposition(st: Handle, semitones: number, formant: Flag): void;
  /** Planar f32 input: frame i of left/right is input frame first + i; frames outside read as silence. */
  stretcherSetSource(st: Handle, left: Ptr, right: Ptr, first: number, frames: number): void;
  /** Input frames at or past end read from start on; end <= start: no loop. */
  stretcherSetLoop(st: Handle, start: number, end: number): void;
  /** Starts afresh: the next output frame plays input time inputTime. */
  stretcherSeek(st: Handle, inputTime: number): void;
  /** Announces a render of frames; inputTimeAhead: the input time at (block end + lookahead), NaN to follow the stretch. */
  stretcherPlan(st: Handle, frames: number, inputTimeAhead: number): void;
  /** The input frames [from, to) the planned render reads. */
  stretcherInputFrom(st: Handle): number;
  stretcherInputTo(st: Handle): number;
  /** Renders the planned frames (planar f32; right ignored when mono). */
  stretcherRender(st: Handle, outLeft: Ptr, outRight: Ptr): void;
  /** Plan (following the stretch) and render in one call. */
  stretcherProcess(st: Handle, outLeft: Ptr, outRight: Ptr, frames: number): void;
  /** Always 0: the output is aligned with the input time map. */
  stretcherLatency(st: Handle): number;
  /** Output frames past a block's end at which stretcherPlan takes the input time. */
  stretcherLookahead(st: Handle): number;
  // The generator's instruments (dsp/synth): patch, drum and kit ids follow src/generator/render/stem-layout.ts.
  synthPatchCount(): number;
  synthDrumCount(): number;
  synthKitCount(): number;
  /** Setup only: may grow memory. A stem renderer, or 0 for a rate outside 8..192 kHz. */
  stemCreate(sampleRate: number, seed: number, noteCapacity: number, kickCapacity: number): Handle;
  stemDestroy(stem: Handle): void;
  /** Notes go here (STEM_NOTE_BYTES each: start i32, length i32, pitch f32, velocity f32, instrument i32), sorted by start. */
  stemNotes(stem: Handle): Ptr;
  stemSetNoteCount(stem: Handle, count: number): void;
  /** Kick frames (i32, sorted) keying the ducking go here. */
  stemKicks(stem: Handle): Ptr;
  /** Setup only: ducks the stem by depth (0..0.95, 0: none) at the first count kicks. */
  stemSetDucking(stem: Handle, count: number, depth: number): void;
  /** Setup only: an instrument index for the notes, or -1 when the stem is full. */
  stemAddInstrument(stem: Handle, patch: number, gain: number, pan: number, mono: Flag): number;
  /** Setup only: the drum stem of a kit; note pitches are drum ids. */
  stemSetDrums(stem: Handle, kit: number, gain: number): void;
  /** Setup only: reverb send, size 0..1, wet 0 for none. */
  stemSetReverb(stem: Handle, size: number, wet: number): void;
  /** Setup only: ping-pong delay send with echoes frames apart, wet 0 for none. */
  stemSetDelay(stem: Handle, frames: number, feedback: number, wet: number): void;
  /** Setup only: a bus compressor on the stem's dry signal. */
  stemSetCompressor(stem: Handle, thresholdDb: number, ratio: number): void;
  /** Next frames (STEM_MAX_FRAMES but for the last call), from the song start on. */
  stemRender(stem: Handle, frames: number): number;
  stemOutputLeft(stem: Handle): Ptr;
  stemOutputRight(stem: Handle): Ptr;
  /** What the host plays into the next render call's block (STEM_MAX_FRAMES f32 each), added to the dry signal. */
  stemInputLeft(stem: Handle): Ptr;
  stemInputRight(stem: Handle): Ptr;
  /** A polyBLEP oscillator alone, as the voices make it (shape 0 saw, 1 square): frames f32 at out, room for a multiple of 4. */
  synthOscillator(shape: number, sampleRate: number, frequency: number, out: Ptr, frames: number): void;
  /** The ADSR alone (times in frames), as the voices make it, its gate closing after gateFrames: frames f32 levels at out. */
  synthEnvelope(
    attack: number,
    decay: number,
    sustain: number,
    release: number,
    gateFrames: number,
    out: Ptr,
    frames: number,
  ): void;
  /** The synth's state-variable low pass alone, in place. */
  synthLowPass(sampleRate: number, cutoff: number, q: number, buffer: Ptr, frames: number): void;
  /** The reverb's RT60 in seconds at a size in 0..1. */
  reverbRt60(size: number): number;
  /** Setup only: may grow memory. The stems' FDN reverb alone, size 0..1. */
  reverbCreate(sampleRate: number, size: number): Handle;
  reverbDestroy(reverb: Handle): void;
  /** Adds the reverb of (inL + inR) / 2 times wet into outL, outR (not aliasing the input). */
  reverbProcess(reverb: Handle, inL: Ptr, inR: Ptr, outL: Ptr, outR: Ptr, frames: number, wet: number): void;
  /** Setup only: may grow memory. The stems' ping-pong delay alone, echoes frames apart. */
  delayCreate(frames: number, feedback: number): Handle;
  delayDestroy(delay: Handle): void;
  /** Adds the echoes of (inL + inR) / 2 times wet into outL, outR (not aliasing the input). */
  delayProcess(delay: Handle, inL: Ptr, inR: Ptr, outL: Ptr, outR: Ptr, frames: number, wet: number): void;
  // Mastering (dsp/master).
  /** Setup only: may grow memory. A BS.1770-4 loudness meter, or 0 for a rate outside 8..192 kHz. */
  loudnessCreate(sampleRate: number): Handle;
  /** Setup only: may grow memory. Starts a measurement of up to maxFrames frames. */
  loudnessBegin(meter: Handle, maxFrames: number): void;
  loudnessProcess(meter: Handle, left: Ptr, right: Ptr, frames: number): void;
  /** Integrated loudness (LUFS) since loudnessBegin; -Infinity when every block is gated out. */
  loudnessIntegrated(meter: Handle): number;
  /** Setup only: may grow memory. A BS.1770-4 true-peak meter taking up to maxBlock frames per call, or 0. */
  truePeakCreate(maxBlock: number): Handle;
  truePeakReset(meter: Handle): void;
  truePeakProcess(meter: Handle, left: Ptr, right: Ptr, frames: number): void;
  /** The largest true peak (linear) since the reset. */
  truePeakRead(meter: Handle): number;
  /** Setup only: may grow memory. The mastering chain before the limiter, or 0 for a rate outside 8..192 kHz. */
  masterCreate(sampleRate: number): Handle;
  /** Side gain (width), tilt, presence and air (dB), compressor threshold (dBFS) and ratio, drive 0..1; resets. */
  masterConfigure(
    master: Handle,
    width: number,
    tiltDb: number,
    presenceDb: number,
    airDb: number,
    thresholdDb: number,
    ratio: number,
    drive: number,
  ): void;
  /** In place on planar f32: gain, width, EQ, compression, saturation. */
  masterProcess(master: Handle, left: Ptr, right: Ptr, frames: number, gain: number): void;
  // The sung vocal (dsp/vocal): PSOLA of a spoken word onto notes.
  /** Setup only: may grow memory. A singer for words up to sourceFrames, syllables up to outputFrames, or 0. */
  vocalCreate(sampleRate: number, sourceFrames: number, outputFrames: number, noteCapacity: number): Handle;
  vocalDestroy(voice: Handle): void;
  /** The word's samples (f32 mono) go here before vocalAnalyse. */
  vocalSource(voice: Handle): Ptr;
  /** A syllable's notes go here: vocalNoteBytes() each, f64 start frame, end frame (from the syllable start), MIDI pitch. */
  vocalNotes(voice: Handle): Ptr;
  vocalNoteBytes(): number;
  vocalOutput(voice: Handle): Ptr;
  /** Period and pitch marks of the word's first frames: the mark count, 0 when no f0 in minHz..maxHz. */
  vocalAnalyse(voice: Handle, frames: number, minHz: number, maxHz: number): number;
  /** Pitch marks at a known period (frames), skipping the measurement: the mark count, 0 when out of range. */
  vocalMark(voice: Handle, frames: number, period: number): number;
  /** The analysed word's period in frames (fractional). */
  vocalSourcePeriod(voice: Handle): number;
  /** Glide and vibrato (seconds, Hz, cents) and each syllable's attack and release. */
  vocalSetExpression(
    voice: Handle,
    glideSeconds: number,
    vibratoRateHz: number,
    vibratoDepthCents: number,
    vibratoDelaySeconds: number,
    vibratoRampSeconds: number,
    vibratoMinNoteSeconds: number,
    attackSeconds: number,
    releaseSeconds: number,
  ): void;
  /** Sings source [segStart, segEnd) (vowel [vowelStart, vowelEnd)) over outFrames; frames written or 0. */
  vocalRender(
    voice: Handle,
    noteCount: number,
    glideFrom: number,
    segStart: number,
    vowelStart: number,
    vowelEnd: number,
    segEnd: number,
    outFrames: number,
    gain: number,
  ): number;
}
