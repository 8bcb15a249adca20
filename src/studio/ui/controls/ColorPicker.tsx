// A colour choice: a palette of swatches and a custom colour.

import { useId } from "react";

export const SWATCHES = [
  "#ef5350",
  "#ff7043",
  "#ffca28",
  "#9ccc65",
  "#66bb6a",
  "#26c6da",
  "#42a5f5",
  "#6e7bf2",
  "#ab47bc",
  "#ec407a",
  "#8d6e63",
  "#90a4ae",
] as const;

interface ColorPickerProps {
  readonly label: string;
  readonly value: string | null;
  readonly onChange: (color: string | null) => void;
  /** Offers "use the track's colour" (clips). */
  readonly allowNone?: boolean;
}

export function ColorPicker({ label, value, onChange, allowNone }: ColorPickerProps) {
  const name = useId();
  const current = value?.toLowerCase() ?? null;
  const swatch = (color: string | null, title: string) => (
    <label
      key={color ?? "none"}
      className={`swatch${color === null ? " swatch-none" : ""}${current === color ? " checked" : ""}`}
      style={color === null ? undefined : { background: color }}
      title={title}
    >
      <input
        type="radio"
        className="visually-hidden"
        name={name}
        aria-label={title}
        checked={current === color}
        onChange={() => onChange(color)}
      />
    </label>
  );
  return (
    <fieldset className="color-picker" aria-label={label}>
      {allowNone && swatch(null, "Track colour")}
      {SWATCHES.map((color) => swatch(color, color))}
      <label className="swatch swatch-custom" title="Custom colour">
        <input
          type="color"
          aria-label="Custom colour"
          value={value ?? "#6e7bf2"}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </fieldset>
  );
}
