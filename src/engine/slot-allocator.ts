/** Maps ids to the engine's fixed slots, reusing freed ones; the host owns it so it knows where meters are. */
export class SlotAllocator {
  private readonly byId = new Map<string, number>();
  private readonly freed: number[] = [];
  private next = 0;

  constructor(
    private readonly capacity: number,
    private readonly what: string,
  ) {}

  slotOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  assign(id: string): number {
    const existing = this.byId.get(id);
    if (existing !== undefined) return existing;
    const slot = this.freed.pop() ?? this.next++;
    if (slot >= this.capacity) {
      this.next = this.capacity;
      throw new RangeError(`The engine holds at most ${this.capacity} ${this.what}`);
    }
    this.byId.set(id, slot);
    return slot;
  }

  release(id: string): number | undefined {
    const slot = this.byId.get(id);
    if (slot === undefined) return undefined;
    this.byId.delete(id);
    this.freed.push(slot);
    return slot;
  }

  ids(): IterableIterator<string> {
    return this.byId.keys();
  }
}
