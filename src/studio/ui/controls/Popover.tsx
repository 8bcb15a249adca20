// A floating panel under its anchor, drawn in a portal so that clipped parents (track headers)
// do not cut it off. Closes on a press outside it and on Escape.

import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { clamp } from "../../../shared/numbers.ts";

interface PopoverProps {
  readonly anchor: RefObject<HTMLElement | null>;
  readonly onClose: () => void;
  readonly className?: string;
  readonly children: ReactNode;
}

const MARGIN = 8;

export function Popover({ anchor, onClose, className, children }: PopoverProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const target = anchor.current;
    const element = panel.current;
    if (target === null || element === null) return;
    const box = target.getBoundingClientRect();
    const width = element.offsetWidth;
    const height = element.offsetHeight;
    const left = clamp(box.left, MARGIN, window.innerWidth - width - MARGIN);
    const below = box.bottom + 4;
    const top = below + height > window.innerHeight - MARGIN ? Math.max(MARGIN, box.top - height - 4) : below;
    setPosition({ left, top });
  }, [anchor]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || anchor.current?.contains(target)) return;
      close.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      close.current();
    };
    window.addEventListener("pointerdown", onPointer, true);
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("pointerdown", onPointer, true);
      window.removeEventListener("keydown", onKey, true);
    };
  }, [anchor]);

  const host = anchor.current?.closest(".studio") ?? document.body;
  return createPortal(
    <div
      ref={panel}
      className={`popover ${className ?? ""}`}
      style={position === null ? { visibility: "hidden", left: 0, top: 0 } : position}
    >
      {children}
    </div>,
    host,
  );
}
