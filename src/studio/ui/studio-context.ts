import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { SessionStatus, StudioSession } from "../session/studio-session.ts";
import type { StudioState } from "../store/studio-state.ts";

export const SessionContext = createContext<StudioSession | null>(null);

export function useSession(): StudioSession {
  const session = useContext(SessionContext);
  if (session === null) throw new Error("useSession() outside the studio");
  return session;
}

/** A slice of the studio store; the component re-renders when the slice changes. */
export function useStudio<T>(selector: (state: StudioState) => T): T {
  return useStore(useSession().controller.store, selector);
}

export function useSessionStatus<T>(selector: (status: SessionStatus) => T): T {
  return useStore(useSession().status, selector);
}

/** Who is signed in (the page says), for the take lanes' unheard markers. */
export function useViewerId(): string | null {
  return useStore(useSession().viewerId);
}
