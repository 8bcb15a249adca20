// A small slider over a plain range input, with gesture callbacks so a drag is one undo step and a
// double-click resets.

import type { ChangeEvent } from "react";

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
  format,
  testId,
  className,
}: MiniSliderProps) {
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
      onPointerDown={onGestureStart}
      onPointerUp={onGestureEnd}
      onPointerCancel={onGestureEnd}
      onDoubleClick={() => {
        onGestureStart?.();
        onChange(defaultValue);
        onGestureEnd?.();
      }}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(Number(event.target.value))}
    />
  );
}
