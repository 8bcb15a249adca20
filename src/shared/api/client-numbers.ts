/**
 * Numbers as the upstream service's clients send them: some send a position in a song as a number
 * of seconds, some as a numeric string ("30", "12.5"), and the proxy clients document it as m:ss
 * ("00:30", or h:mm:ss). All of them mean seconds; anything else is left as it came, so the schema
 * that reads it refuses it with its own message.
 */
export function secondsFromClient(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)$/.exec(text);
  if (!clock) return value;
  const [, hours, minutes, seconds] = clock;
  if (Number(seconds) >= 60 || (hours !== undefined && Number(minutes) >= 60)) return value;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}
