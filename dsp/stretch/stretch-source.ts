import { cleanCopy } from "./bin-buffers";

// The stretcher's input: planar f32 channels (0 reads as silence) whose frame i is input frame
// first + i, optionally looped; frames outside it read as silence. The caller may move or grow it
// between renders (a streaming source, or a window onto a long input).

@unmanaged
export class StretchSource {
  private left: usize = 0;
  private right: usize = 0;
  private first: i64 = 0;
  private frames: i64 = 0;
  private loopStart: i64 = 0;
  private loopEnd: i64 = 0;

  set(left: usize, right: usize, first: f64, frames: i32): void {
    this.left = left;
    this.right = right;
    this.first = <i64>Math.floor(first);
    this.frames = <i64>max(frames, 0);
  }

  /** Input frames at or past end read from start on; end <= start: no loop. */
  setLoop(start: f64, end: f64): void {
    this.loopStart = <i64>Math.floor(start);
    this.loopEnd = <i64>Math.floor(end);
  }

  /** Copies input frames [from, from + count) of one channel (0 left, 1 right) to dst: through the loop, silence outside the source. */
  read(channel: i32, dst: usize, from: i64, count: i32): void {
    const data = channel == 0 ? this.left : this.right;
    let pos = from;
    let left = <i64>count;
    const looped = this.loopEnd > this.loopStart;
    while (left > 0) {
      let p = pos;
      let run = left;
      if (looped) {
        if (p >= this.loopEnd) p = this.loopStart + ((p - this.loopStart) % (this.loopEnd - this.loopStart));
        run = min(run, this.loopEnd - p);
      }
      const a = min(max(p, this.first), p + run);
      const b = max(min(p + run, this.first + this.frames), a);
      const at = dst + ((<usize>(pos - from)) << 2);
      if (data == 0 || b <= a) {
        memory.fill(at, 0, (<usize>run) << 2);
      } else {
        if (a > p) memory.fill(at, 0, (<usize>(a - p)) << 2);
        cleanCopy(at + ((<usize>(a - p)) << 2), data + ((<usize>(a - this.first)) << 2), <i32>(b - a));
        if (p + run > b) memory.fill(at + ((<usize>(b - p)) << 2), 0, (<usize>(p + run - b)) << 2);
      }
      pos += run;
      left -= run;
    }
  }
}
