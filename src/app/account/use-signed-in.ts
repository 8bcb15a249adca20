import { useEffect } from "react";
import { navigate } from "../router/history-router.ts";
import { useLocation } from "../router/use-location.ts";
import { loginPathFor } from "./safe-next.ts";
import { loadSession, useAccount } from "./session-store.ts";

/** For signed-in-only pages: loads the session, and sends a signed-out visitor to sign in and back. */
export function useSignedIn() {
  const { pathname, search } = useLocation();
  const session = useAccount((state) => state.session);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (session !== null && session.user === null)
      navigate(loginPathFor(`${pathname}${search}`), { replace: true });
  }, [session, pathname, search]);

  return session;
}
