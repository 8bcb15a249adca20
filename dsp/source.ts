/**
 * A clip's audio at the engine's sample rate, planar f32 (channel 0, then
 * channel 1 when stereo). `arrived` counts the frames loaded so far: a
 * streaming source plays what has arrived and silence after it.
 */
export class Source {
  data: usize = 0;
  frames: i32 = 0;
  channels: i32 = 0;
  arrived: i32 = 0;

  channel(index: i32): usize {
    const c = index < this.channels ? index : 0;
    return this.data + ((<usize>c * <usize>this.frames) << 2);
  }
}
