// Over the timeline while a project is edited live: each other person's playhead as a line in
// their colour with their handle, and their selected range as a band. Positions follow the view
// on the frame loop (scrolls and zooms do not re-render React).

import { useEffect, useRef } from "react";
import { useStore } from "zustand";
import { NO_PEOPLE } from "../../live/live-binding.ts";
import { useSession } from "../studio-context.ts";

export function LivePlayheads() {
  const session = useSession();
  const binding = useStore(session.live);
  const people = useStore(binding?.people ?? NO_PEOPLE);
  const layer = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const { viewport } = session;
    return session.frames.add(() => {
      const host = layer.current;
      if (host === null) return;
      for (const element of host.children) {
        const item = element as HTMLElement;
        const from = viewport.xOf(Number(item.dataset.fromBeats));
        if (item.dataset.kind === "playhead") {
          item.style.transform = `translateX(${from}px)`;
        } else {
          const to = viewport.xOf(Number(item.dataset.toBeats));
          item.style.transform = `translateX(${from}px)`;
          item.style.width = `${Math.max(0, to - from)}px`;
        }
      }
    });
  }, [session]);

  if (people.length === 0) return null;
  return (
    <div ref={layer} className="live-playheads" aria-hidden="true">
      {people.flatMap((person) => {
        const { anchorBeats, focusBeats } = person.selection;
        const color = { "--person-color": person.user.color } as React.CSSProperties;
        const items = [
          <div
            key={`${person.clientId}-playhead`}
            className="live-playhead"
            data-kind="playhead"
            data-from-beats={person.playheadBeats}
            style={color}
          >
            <span className="live-playhead-handle">{person.user.handle}</span>
          </div>,
        ];
        if (anchorBeats !== focusBeats) {
          items.push(
            <div
              key={`${person.clientId}-selection`}
              className="live-selection"
              data-kind="selection"
              data-from-beats={Math.min(anchorBeats, focusBeats)}
              data-to-beats={Math.max(anchorBeats, focusBeats)}
              style={color}
            />,
          );
        }
        return items;
      })}
    </div>
  );
}
