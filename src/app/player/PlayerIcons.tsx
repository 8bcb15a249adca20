// The player's control icons as inline SVG: they draw the same everywhere, with no icon font or
// emoji font to depend on, in the button's text colour.

import type { ReactNode } from "react";

function Icon({ children }: { readonly children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const PreviousIcon = () => (
  <Icon>
    <path d="M6 5h2v14H6zM20 5v14L9 12z" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <path d="M16 5h2v14h-2zM4 5v14l11-7z" />
  </Icon>
);

export const RepeatIcon = ({ one }: { readonly one: boolean }) => (
  <Icon>
    <path d="M7 7h10v3l4-4-4-4v3H5v6h2zM17 17H7v-3l-4 4 4 4v-3h12v-6h-2z" />
    {one && <path d="M11 9.5h1.5V15H11v-3.8l-1 .5v-1.3z" />}
  </Icon>
);

export const ShuffleIcon = () => (
  <Icon>
    <path d="M10.6 9.2 5.4 4 4 5.4l5.2 5.2zM14.5 4l2 2L4 18.6 5.4 20 18 7.5l2 2V4zm.3 9.4-1.4 1.4 3.1 3.1-2 2.1H20v-5.5l-2 2z" />
  </Icon>
);

export const VolumeIcon = ({ muted }: { readonly muted: boolean }) => (
  <Icon>
    <path d="M3 9v6h4l5 5V4L7 9z" />
    {muted ? (
      <path d="m16.5 8.5-1.4 1.4 2.1 2.1-2.1 2.1 1.4 1.4 2.1-2.1 2.1 2.1 1.4-1.4-2.1-2.1 2.1-2.1-1.4-1.4-2.1 2.1z" />
    ) : (
      <path d="M16.5 12A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z" />
    )}
  </Icon>
);

export const QueueIcon = () => (
  <Icon>
    <path d="M3 6h13v2H3zm0 5h13v2H3zm0 5h9v2H3zm15-2v-4h2v4h3l-4 5-4-5z" />
  </Icon>
);

export const DragIcon = () => (
  <Icon>
    <path d="M8 5h3v3H8zm5 0h3v3h-3zM8 10.5h3v3H8zm5 0h3v3h-3zM8 16h3v3H8zm5 0h3v3h-3z" />
  </Icon>
);
