// Transpose entry: -24..24 semitones; a leading plus is accepted, anything that
// is not a number is ignored (the clip keeps its value), Enter confirms and Escape cancels.

import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { clampTransposition, parseTransposition } from "../../editing/index.ts";

export const formatSemitones = (value: number): string => (value > 0 ? `+${value}` : String(value));

interface TransposeFieldProps {
  readonly value: number;
  readonly onChange: (semitones: number) => void;
}

export function TransposeField({ value, onChange }: TransposeFieldProps) {
  const { t } = useTranslation("studio");
  const [text, setText] = useState(formatSemitones(value));
  useEffect(() => setText(formatSemitones(value)), [value]);
  // Escape blurs the field, and the blur handler still sees the typed text: it must not commit it.
  const cancelled = useRef(false);
  const commit = () => {
    if (cancelled.current) {
      cancelled.current = false;
      return;
    }
    const parsed = parseTransposition(text);
    if (parsed === null) {
      setText(formatSemitones(value));
      return;
    }
    setText(formatSemitones(parsed));
    if (parsed !== value) onChange(parsed);
  };
  const step = (delta: number) => onChange(clampTransposition(value + delta));
  return (
    <div className="stepper">
      <button
        type="button"
        className="icon-button small"
        aria-label={t("clip.transposeDown")}
        onClick={() => step(-1)}
      >
        −
      </button>
      <input
        aria-label={t("clip.transposeSemitones")}
        data-testid="transpose-input"
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            setText(formatSemitones(value));
            cancelled.current = true;
            event.currentTarget.blur();
          } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
            event.preventDefault();
            step(event.key === "ArrowUp" ? 1 : -1);
          }
        }}
      />
      <button
        type="button"
        className="icon-button small"
        aria-label={t("clip.transposeUp")}
        onClick={() => step(1)}
      >
        +
      </button>
    </div>
  );
}
