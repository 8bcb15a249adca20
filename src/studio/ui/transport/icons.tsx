// Transport glyphs on a 20 x 20 grid.

const icon = (body: React.ReactNode) => (
  <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
    {body}
  </svg>
);

export const PlayIcon = () => icon(<path d="M6 4l10 6-10 6z" />);
export const StopIcon = () => icon(<rect x="5" y="5" width="10" height="10" rx="1.5" />);
export const ToStartIcon = () => icon(<path d="M5 4h2v12H5zM16 4v12L8 10z" />);
export const LoopIcon = () =>
  icon(
    <path d="M5 7h8V4.5L17 8l-4 3.5V9H6v3H4V8a1 1 0 0 1 1-1zm10 6H7v2.5L3 12l4-3.5V11h7V8h2v4a1 1 0 0 1-1 1z" />,
  );
export const MetronomeIcon = () => icon(<path d="M8 2h4l4 16H4zm1.6 2-1 4h2.8l-1-4zM10 10l5-6 1 1-5 6z" />);
export const FollowIcon = () => icon(<path d="M9 3h2v14H9zM3 8l4 2-4 2zM17 8l-4 2 4 2z" />);
export const UndoIcon = () => icon(<path d="M8 4 3 8.5 8 13v-3h4a3 3 0 0 1 0 6H9v2h3a5 5 0 0 0 0-10H8z" />);
export const RedoIcon = () => icon(<path d="M12 4l5 4.5-5 4.5v-3H8a3 3 0 0 0 0 6h3v2H8A5 5 0 0 1 8 8h4z" />);
export const ZoomInIcon = () =>
  icon(
    <path d="M9 3a6 6 0 0 1 4.8 9.6l3.6 3.6-1.4 1.4-3.6-3.6A6 6 0 1 1 9 3zm0 2a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm-1 1.5h2v1.5h1.5v2H10v1.5H8V10H6.5V8H8z" />,
  );
export const ZoomOutIcon = () =>
  icon(
    <path d="M9 3a6 6 0 0 1 4.8 9.6l3.6 3.6-1.4 1.4-3.6-3.6A6 6 0 1 1 9 3zm0 2a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM6.5 8h5v2h-5z" />,
  );
export const ExportIcon = () => icon(<path d="M9 3h2v8l3-3 1.4 1.4L10 14.8 4.6 9.4 6 8l3 3zM4 15h12v2H4z" />);
