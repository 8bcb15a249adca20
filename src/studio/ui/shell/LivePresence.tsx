// The live strip above the timeline while a project is edited live: the connection's state, and
// everyone else here with their colour, their handle, their selection and where their playhead is.

import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import { liveDigest } from "../../../shared/collab/project-doc.ts";
import { type LiveBinding, NO_PEOPLE, type PeerPresence } from "../../live/live-binding.ts";
import type { LiveStatus } from "../../live/live-connection.ts";
import { useSession, useStudio } from "../studio-context.ts";

const STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: "Connecting…",
  synced: "Live",
  offline: "Reconnecting…",
  refused: "Live editing stopped",
  closed: "Live editing stopped",
};

const beatsText = (value: number) => value.toFixed(1);

const NO_STATUS = createStore<LiveStatus>(() => "closed");

function PersonChip({ person, trackNames }: { person: PeerPresence; trackNames: Map<string, string> }) {
  const { selection } = person;
  const tracks = selection.trackIds.map((id) => trackNames.get(id)).filter((name) => name !== undefined);
  const from = Math.min(selection.anchorBeats, selection.focusBeats);
  const to = Math.max(selection.anchorBeats, selection.focusBeats);
  const range = to > from ? `beats ${beatsText(from)}–${beatsText(to)}` : null;
  return (
    <li
      className="live-person"
      data-testid="live-person"
      data-handle={person.user.handle}
      style={{ "--person-color": person.user.color } as React.CSSProperties}
    >
      <span className="live-person-dot" aria-hidden="true" />
      <span className="live-person-handle">{person.user.handle}</span>
      <span className="live-person-where">
        {person.playing ? "playing" : "playhead"} at beat {beatsText(person.playheadBeats)}
        {tracks.length > 0 && ` · ${tracks.join(", ")}`}
        {range !== null && ` · ${range}`}
      </span>
    </li>
  );
}

export function LivePresence() {
  const session = useSession();
  const binding: LiveBinding | null = useStore(session.live);
  const people = useStore(binding?.people ?? NO_PEOPLE);
  const status = useStore((binding?.status ?? NO_STATUS) as StoreApi<LiveStatus>);
  const project = useStudio((state) => state.history.present);
  if (binding === null) return null;
  const trackNames = new Map(project.tracks.map((track) => [track.id, track.name]));
  return (
    <section
      className="live-presence"
      aria-label="People editing live"
      data-testid="live-presence"
      data-live-status={status}
      data-live-digest={liveDigest(project)}
    >
      <span className={`live-status live-status-${status}`} role="status">
        {STATUS_TEXT[status]}
      </span>
      {people.length === 0 ? (
        <span className="live-alone">Only you are here</span>
      ) : (
        <ul className="live-people">
          {people.map((person) => (
            <PersonChip key={person.clientId} person={person} trackNames={trackNames} />
          ))}
        </ul>
      )}
    </section>
  );
}
