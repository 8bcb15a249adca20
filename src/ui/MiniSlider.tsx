// A small slider over a plain range input, with gesture callbacks so a drag is one undo step, a
// double-click resets, and Escape during a drag abandons it (back to the value it started from).

import { type ChangeEvent, useRef } from "react";

interface MiniSliderProps {
  readonly label: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly defaultValue: number;
  readonly onChange: (value: number) => void;
  readonly onGestureStart?: () => void;
  readonly onGestureEnd?: () => void;
  /** Escape while the pointer drags: the drag is abandoned; changes until the release are ignored. */
  readonly onGestureCancel?: () => void;
  readonly format?: (value: number) => string;
  readonly testId?: string;
  readonly className?: string;
}

export function MiniSlider({
  label,
  value,
  min,
  max,
  step,
  defaultValue,
  onChange,
  onGestureStart,
  onGestureEnd,
  onGestureCancel,
  format,
  testId,
  className,
}: MiniSliderProps) {
  /** What the pointer is doing: nothing, dragging, or holding a drag Escape abandoned. */
  const drag = useRef<"idle" | "dragging" | "abandoned">("idle");
  const release = () => {
    if (drag.current === "dragging") onGestureEnd?.();
    drag.current = "idle";
  };
  return (
    <input
      className={`mini-slider ${className ?? ""}`}
      type="range"
      aria-label={label}
      title={format ? `${label}: ${format(value)}` : label}
      aria-valuetext={format?.(value)}
      data-testid={testId}
      min={min}
      max={max}
      step={step}
      value={value}
      onPointerDown={() => {
        drag.current = "dragging";
        onGestureStart?.();
      }}
      onPointerUp={release}
      onPointerCancel={release}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || drag.current !== "dragging" || !onGestureCancel) return;
        event.preventDefault();
        event.stopPropagation();
        drag.current = "abandoned";
        onGestureCancel();
      }}
      onDoubleClick={() => {
        onGestureStart?.();
        onChange(defaultValue);
        onGestureEnd?.();
      }}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        if (drag.current !== "abandoned") onChange(Number(event.target.value));
      }}
    />
  );
}
