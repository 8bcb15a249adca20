// A labelled number field that commits on Enter or on leaving it, clamped to its range; Escape and
// text that is no number put the last value back. A value arriving from elsewhere while the person
// is typing does not overwrite what they typed.

import { useEffect, useRef, useState } from "react";
import { clamp } from "../../shared/numbers.ts";

interface NumberFieldProps {
  readonly label: string;
  readonly value: number;
  readonly min: number;
  readonly max?: number;
  readonly step: number;
  readonly onCommit: (value: number) => void;
}

const shown = (value: number) => String(Math.round(value * 1000) / 1000);

export function NumberField({
  label,
  value,
  min,
  max = Number.POSITIVE_INFINITY,
  step,
  onCommit,
}: NumberFieldProps) {
  const [text, setText] = useState(shown(value));
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setText(shown(value));
  }, [value]);
  const commit = () => {
    typing.current = false;
    const parsed = Number.parseFloat(text);
    if (!Number.isFinite(parsed)) {
      setText(shown(value));
      return;
    }
    const next = clamp(parsed, min, max);
    setText(shown(next));
    if (next !== value) onCommit(next);
  };
  return (
    <label className="edit-number">
      <span>{label}</span>
      <input
        type="number"
        value={text}
        min={min}
        max={Number.isFinite(max) ? max : undefined}
        step={step}
        onChange={(event) => {
          typing.current = true;
          setText(event.target.value);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
          if (event.key === "Escape") {
            typing.current = false;
            setText(shown(value));
          }
        }}
      />
    </label>
  );
}
