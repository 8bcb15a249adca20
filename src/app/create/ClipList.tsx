import { ClipPlayButton } from "./ClipPlayButton.tsx";
import { ClipWaveform } from "./ClipWaveform.tsx";
import { CLIP_STATUS_LABELS, useClips } from "./clips-store.ts";
import { SongMenu } from "./SongMenu.tsx";

function ClipRow({ id }: { readonly id: string }) {
  const tracked = useClips((state) => state.byId[id]);
  if (tracked === undefined) return null;
  const { clip, stuck } = tracked;
  return (
    <li className="clip-row" data-testid="clip-row" data-clip-id={clip.id} data-status={clip.status}>
      <ClipPlayButton clip={clip} />
      <div className="clip-body">
        <div className="clip-head">
          <span className="clip-title">{clip.title || "Untitled"}</span>
          <span className={`clip-status clip-status-${clip.status}`} data-testid="clip-status">
            {stuck ? "Stopped" : CLIP_STATUS_LABELS[clip.status]}
          </span>
        </div>
        <span className="clip-tags">{clip.display_tags ?? clip.metadata.tags ?? ""}</span>
        {clip.status === "error" && clip.metadata.error_message && (
          <span className="clip-error">{clip.metadata.error_message}</span>
        )}
        <ClipWaveform clip={clip} />
        {clip.status === "complete" && (
          <div className="clip-actions">
            <SongMenu clip={clip} />
          </div>
        )}
      </div>
    </li>
  );
}

/** The workspace's songs beside the form, newest first. */
export function ClipList() {
  const order = useClips((state) => state.order);
  const loaded = useClips((state) => state.loaded);
  return (
    <section className="panel create-clips" aria-labelledby="create-clips-title">
      <h2 id="create-clips-title">Songs</h2>
      {loaded && order.length === 0 && <p>Your songs will appear here.</p>}
      <ul className="clip-list" data-testid="clip-list">
        {order.map((id) => (
          <ClipRow key={id} id={id} />
        ))}
      </ul>
    </section>
  );
}
