/** dsp/clip-voice.ts DECLICK_FRAMES: the anti-click ramp the tests expect at clip edges. */
export const DECLICK = 64;
