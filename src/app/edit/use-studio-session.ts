// One StudioSession for the editor: the studio's store, engine, viewport and frame loop on a project
// the editor builds (no autosave: the editor's changes are server edits and its own session).

import { useEffect, useState } from "react";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { StudioSession } from "../../studio/session/studio-session.ts";
import { applyTheme, savedTheme } from "../../studio/ui/theme.ts";

/** A session on `initial()`, made again when `key` changes, disposed on leaving. */
export function useStudioSession(initial: () => StudioProjectState, key: string): StudioSession | null {
  const [session, setSession] = useState<StudioSession | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the project; `initial` reads it.
  useEffect(() => {
    applyTheme(savedTheme());
    const created = new StudioSession(initial(), null, { theme: savedTheme() });
    created.frames.start();
    created.resumeOnFirstGesture();
    void created.startEngine();
    setSession(created);
    return () => {
      setSession(null);
      void created.dispose();
    };
  }, [key]);
  return session;
}
