// Each input's measured round trip (output to input), kept in the browser: measured once per
// device, used for every take after. Stored in seconds, so a change of sample rate keeps it.

import { z } from "zod";
import type { KeyValueStorage } from "../persistence/local-copy.ts";

const KEY = "tunesmith:studio:input-round-trips";
/** The default input has no id of its own until one is chosen. */
const DEFAULT_DEVICE = "default";

const storedSchema = z.record(z.string(), z.number().min(0).max(2));

function readAll(storage: KeyValueStorage | null): Record<string, number> {
  const text = storage?.getItem(KEY) ?? null;
  if (text === null) return {};
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The stored round trip of a device in seconds, or null when it was never measured. */
export function storedRoundTrip(storage: KeyValueStorage | null, deviceId: string | null): number | null {
  return readAll(storage)[deviceId ?? DEFAULT_DEVICE] ?? null;
}

function writeAll(storage: KeyValueStorage | null, all: Record<string, number>): void {
  try {
    storage?.setItem(KEY, JSON.stringify(all));
  } catch {
    // A full or refused storage: the device is measured again next time.
  }
}

export function storeRoundTrip(
  storage: KeyValueStorage | null,
  deviceId: string | null,
  seconds: number,
): void {
  writeAll(storage, { ...readAll(storage), [deviceId ?? DEFAULT_DEVICE]: seconds });
}

/** The device is measured again on its next take. */
export function forgetRoundTrip(storage: KeyValueStorage | null, deviceId: string | null): void {
  const { [deviceId ?? DEFAULT_DEVICE]: _forgotten, ...rest } = readAll(storage);
  writeAll(storage, rest);
}
