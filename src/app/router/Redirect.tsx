import { useEffect } from "react";
import { navigate } from "./history-router.ts";

/** Replaces the address with another page's (old links that moved). */
export function Redirect({ to }: { readonly to: string }) {
  useEffect(() => {
    navigate(to, { replace: true });
  }, [to]);
  return null;
}
