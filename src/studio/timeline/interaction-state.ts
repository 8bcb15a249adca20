// What the pointer is doing that the drawing shows but the store does not hold: the clip under the
// pointer and where a dragged file would land. Mutable, read on animation frames.

export interface DropHint {
  readonly trackIndex: number;
  readonly beat: number;
}

export class InteractionState {
  hoveredClipId: string | null = null;
  dropHint: DropHint | null = null;
  cursor = "default";
  version = 0;

  setHovered(clipId: string | null): void {
    if (clipId === this.hoveredClipId) return;
    this.hoveredClipId = clipId;
    this.version++;
  }

  setDropHint(hint: DropHint | null): void {
    const same =
      hint === this.dropHint ||
      (hint !== null &&
        this.dropHint !== null &&
        hint.trackIndex === this.dropHint.trackIndex &&
        hint.beat === this.dropHint.beat);
    if (same) return;
    this.dropHint = hint;
    this.version++;
  }
}
