// The track icon picker: the 20 names in their fixed order, "Audio" the default.

import { useRef, useState } from "react";
import { TRACK_ICONS, type TrackIcon as TrackIconName } from "../../../shared/project/index.ts";
import { Popover } from "./Popover.tsx";
import { TrackIcon } from "./track-icons.tsx";

interface IconPickerProps {
  readonly value: TrackIconName;
  readonly color: string;
  readonly trackName: string;
  readonly onChange: (icon: TrackIconName) => void;
}

export function IconPicker({ value, color, trackName, onChange }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="icon-picker">
      <button
        ref={button}
        type="button"
        className="icon-picker-button"
        style={{ color, borderColor: color }}
        aria-label={`${trackName} icon: ${value}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <TrackIcon name={value} />
      </button>
      {open && (
        <Popover anchor={button} onClose={() => setOpen(false)} className="icon-picker-menu">
          <div role="listbox" aria-label="Track icon" className="icon-picker-grid">
            {TRACK_ICONS.map((icon) => (
              <button
                key={icon}
                type="button"
                role="option"
                aria-selected={icon === value}
                className={icon === value ? "icon-option selected" : "icon-option"}
                title={icon}
                onClick={() => {
                  onChange(icon);
                  setOpen(false);
                }}
              >
                <TrackIcon name={icon} />
                <span>{icon}</span>
              </button>
            ))}
          </div>
        </Popover>
      )}
    </div>
  );
}
