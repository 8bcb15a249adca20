// Glyphs for the icon picker's 20 names, drawn on a 20 x 20 grid in the current
// text colour.

import type { ReactElement } from "react";
import type { TrackIcon as TrackIconName } from "../../../shared/project/index.ts";

const GLYPHS: Record<TrackIconName, ReactElement> = {
  Audio: <path d="M3 10v0M6 7v6M9 4v12M12 6v8M15 8v4M18 10v0" />,
  Synth: <path d="M2 10c2-6 4-6 6 0s4 6 6 0 3-5 4-3" />,
  Brass: <path d="M2 9h8l6-4v10l-6-4H2zM6 9v-2M8 9v-2M10 13v3" />,
  FX: <path d="M10 2l1.8 6.2L18 10l-6.2 1.8L10 18l-1.8-6.2L2 10l6.2-1.8z" />,
  "Backing Vocals": (
    <path d="M5 3a2.5 2.5 0 0 1 2.5 2.5v3a2.5 2.5 0 0 1-5 0v-3A2.5 2.5 0 0 1 5 3zM5 14v3M13 5a2.5 2.5 0 0 1 2.5 2.5v3a2.5 2.5 0 0 1-5 0v-3A2.5 2.5 0 0 1 13 5zM13 16v2" />
  ),
  Strings: <path d="M10 2v16M7 5c-3 1-3 4 0 5-3 1-3 5 3 7 6-2 6-6 3-7 3-1 3-4 0-5M8 8h4" />,
  Bass: <path d="M14 2l4 4-2 1-8 8a3 3 0 1 1-3-3l8-8zM11 5l4 4" />,
  Drums: (
    <path d="M3 7c0-1.7 3.1-3 7-3s7 1.3 7 3v6c0 1.7-3.1 3-7 3s-7-1.3-7-3zM3 7c0 1.7 3.1 3 7 3s7-1.3 7-3M6 10v5M14 10v5" />
  ),
  Woodwinds: <path d="M3 17L17 3M6 12.5v0M8.5 10v0M11 7.5v0M13.5 5v0" />,
  Percussion: <path d="M7 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zM9.5 10.5l6 6M14 13a3 3 0 1 1 4-4" />,
  Keyboard: <path d="M2 5h16v10H2zM6 5v10M10 5v10M14 5v10M5 5v5M9 5v5M13 5v5" />,
  Guitar: (
    <path d="M17 3l-6 6M15 2l3 3M8.5 8.5a3.5 3.5 0 0 0-5 1c-1.5 2 .5 3 .5 3s-1 2 1 3.5 3.5.5 3.5.5 1 2 3 .5a3.5 3.5 0 0 0 1-5M7 13v0" />
  ),
  Vocals: <path d="M10 2a3 3 0 0 1 3 3v4a3 3 0 0 1-6 0V5a3 3 0 0 1 3-3zM5 9a5 5 0 0 0 10 0M10 14v4M7 18h6" />,
  Music: (
    <path d="M8 15V4l8-2v11M8 15a2.5 2 0 1 1-5 0 2.5 2 0 0 1 5 0zM16 13a2.5 2 0 1 1-5 0 2.5 2 0 0 1 5 0" />
  ),
  "Double Music": (
    <path d="M6 16V5l10-2v11M6 8l10-2M6 16a2 1.6 0 1 1-4 0 2 1.6 0 0 1 4 0zM16 14a2 1.6 0 1 1-4 0 2 1.6 0 0 1 4 0" />
  ),
  Noggin: <path d="M6 18v-3.5A6.5 6.5 0 1 1 16 10l1.5 3H15v2a2 2 0 0 1-2 2h-1v1M9.5 6.5a2 2 0 0 1 3 1" />,
  Mirth: <path d="M10 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zM6.5 11.5a4 4 0 0 0 7 0M7 8v0M13 8v0" />,
  Stun: <path d="M11 2L4 11h5l-1 7 7-9h-5z" />,
  Twinkle: <path d="M10 2l2.3 5 5.4.6-4 3.7 1.1 5.4L10 14l-4.8 2.7 1.1-5.4-4-3.7 5.4-.6z" />,
  "Wicka Wicka": (
    <path d="M10 17a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM10 11.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zM15.5 3.5l1.5-1.5M16 5l-3 4" />
  ),
};

export function TrackIcon({ name, size = 18 }: { readonly name: TrackIconName; readonly size?: number }) {
  return (
    <svg
      className="track-icon"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {GLYPHS[name]}
    </svg>
  );
}
