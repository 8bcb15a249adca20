// The canvas's position on the page, kept up to date from resize events instead of being read
// per input event: reading it (getBoundingClientRect) right after the page changed forces a
// synchronous layout of the whole studio, which was the largest cost of a wheel or pointer event.

export interface ElementBox {
  readonly left: number;
  readonly top: number;
  /** Reads the box again (after a resize or a layout change around the element). */
  refresh(): void;
  dispose(): void;
}

export function trackElementBox(element: HTMLElement): ElementBox {
  const box = {
    left: 0,
    top: 0,
    refresh() {
      const rect = element.getBoundingClientRect();
      box.left = rect.left;
      box.top = rect.top;
    },
    dispose() {
      observer.disconnect();
      window.removeEventListener("resize", box.refresh);
    },
  };
  const observer = new ResizeObserver(() => box.refresh());
  observer.observe(element);
  window.addEventListener("resize", box.refresh);
  box.refresh();
  return box;
}
