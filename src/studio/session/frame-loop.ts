// One requestAnimationFrame loop for the studio: the timeline, the meters and the transport's
// readouts all update from it, in a fixed order, reading per-frame values straight from the
// engine's shared memory. Nothing here goes through React.

export type FrameCallback = (now: number) => void;

export class FrameLoop {
  private readonly callbacks: FrameCallback[] = [];
  private handle = 0;
  private running = false;

  add(callback: FrameCallback): () => void {
    this.callbacks.push(callback);
    return () => {
      const index = this.callbacks.indexOf(callback);
      if (index >= 0) this.callbacks.splice(index, 1);
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.handle = requestAnimationFrame(this.tick);
  }

  stop(): void {
    this.running = false;
    cancelAnimationFrame(this.handle);
  }

  private readonly tick = (now: number): void => {
    if (!this.running) return;
    for (let i = 0; i < this.callbacks.length; i++) {
      try {
        this.callbacks[i](now);
      } catch (error) {
        // One broken reader must not stop the playhead and the meters.
        console.error(error);
      }
    }
    this.handle = requestAnimationFrame(this.tick);
  };
}
