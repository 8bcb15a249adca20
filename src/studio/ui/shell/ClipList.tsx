// The clips as an accessible list beside the canvas: screen readers and keyboards reach every clip
// here (a button selects it), and the page's state can be read without looking at pixels.

import { memo } from "react";
import type { Track } from "../../../shared/project/index.ts";
import type { StudioController } from "../../store/studio-controller.ts";
import { useSession, useStudio } from "../studio-context.ts";

export const beatsText = (value: number): string => String(Math.round(value * 1000) / 1000);

/** Re-renders when the track's clips or name change, not for its fader or mute. */
const TrackClips = memo(function TrackClips({
  trackId,
  trackName,
  clips,
  selectedClipId,
  controller,
}: {
  trackId: string;
  trackName: string;
  clips: Track["clips"];
  selectedClipId: string | null;
  controller: StudioController;
}) {
  const track = { id: trackId, name: trackName };
  return (
    <li>
      <span>{track.name}</span>
      <ul
        aria-label={`${track.name} clips`}
        data-testid="track-clips"
        data-track-id={track.id}
        data-clip-count={clips.length}
      >
        {clips.map((clip) => (
          <li key={clip.id}>
            <button
              type="button"
              data-testid="clip-item"
              data-clip-id={clip.id}
              data-track-id={track.id}
              data-start-beats={beatsText(clip.startBeats)}
              data-end-beats={beatsText(clip.endBeats)}
              data-fade-in-beats={beatsText(clip.fadeInBeats)}
              data-fade-out-beats={beatsText(clip.fadeOutBeats)}
              data-song-clip-id={clip.clipId ?? ""}
              aria-pressed={clip.id === selectedClipId}
              onClick={() => controller.selectClip({ trackId: track.id, clipId: clip.id })}
            >
              {clip.name}, beats {beatsText(clip.startBeats)} to {beatsText(clip.endBeats)}
              {clip.mute ? ", muted" : ""}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
});

export function ClipList() {
  const { controller } = useSession();
  const tracks = useStudio((state) => state.history.present.tracks);
  const selectedClipId = useStudio((state) => state.ui.selectedClip?.clipId ?? null);
  return (
    <nav className="visually-hidden" aria-label="Clips">
      <ul>
        {tracks.map((track) => (
          <TrackClips
            key={track.id}
            trackId={track.id}
            trackName={track.name}
            clips={track.clips}
            controller={controller}
            selectedClipId={track.clips.some((clip) => clip.id === selectedClipId) ? selectedClipId : null}
          />
        ))}
      </ul>
    </nav>
  );
}
