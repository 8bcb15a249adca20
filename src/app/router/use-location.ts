import { useSyncExternalStore } from "react";
import { currentLocation, type RouterLocation, subscribeLocation } from "./history-router.ts";

/** The current location; the component re-renders when it changes. */
export const useLocation = (): RouterLocation =>
  useSyncExternalStore(subscribeLocation, currentLocation, currentLocation);
