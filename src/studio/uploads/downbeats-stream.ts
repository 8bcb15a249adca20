// Follows a song clip's beat analysis (POST /api/gen/{clip_id}/downbeats_streaming/v2)
// as server-sent frames, or one JSON frame. Failures are logged only and the stream dropped, with
// their texts; a malformed frame is skipped with a warning.

import { type DownbeatsStreamFrame, downbeatsStreamFrameSchema } from "../../shared/api/downbeats.ts";

export type DownbeatsStreamer = (
  songClipId: string,
  onFrame: (frame: DownbeatsStreamFrame) => void,
) => Promise<void>;

/** Hands on the frame held in one event block's data lines, if it is one; says whether it was final. */
function readBlock(block: string, onFrame: (frame: DownbeatsStreamFrame) => void): boolean {
  const lines = block.split("\n");
  const data = lines
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).trimStart())
    .join("\n");
  if (data === "") return false;
  if (lines.some((line) => line.trim() === "event: error")) {
    console.error("Downbeat analysis failed", data);
    return true;
  }
  return readFrame(data, onFrame);
}

function readFrame(text: string, onFrame: (frame: DownbeatsStreamFrame) => void): boolean {
  let parsed: ReturnType<typeof downbeatsStreamFrameSchema.safeParse>;
  try {
    parsed = downbeatsStreamFrameSchema.safeParse(JSON.parse(text));
  } catch {
    console.warn("Skipping a malformed downbeats frame", text);
    return false;
  }
  if (!parsed.success) {
    console.warn("Skipping a malformed downbeats frame", parsed.error.message);
    return false;
  }
  onFrame(parsed.data);
  return parsed.data.final;
}

/** Reads the analysis of a song clip until its final frame, the end of the stream, or a failure. */
export function streamDownbeats(
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): DownbeatsStreamer {
  return async (songClipId, onFrame) => {
    let response: Response;
    try {
      response = await fetcher(`/api/gen/${encodeURIComponent(songClipId)}/downbeats_streaming/v2`, {
        method: "POST",
        headers: { accept: "text/event-stream", "content-type": "application/json" },
        body: "{}",
        credentials: "same-origin",
      });
    } catch (error) {
      console.error("Downbeats stream failed", error);
      return;
    }
    if (!response.ok) {
      console.error(`HTTP error streaming downbeats: ${response.status}`);
      return;
    }
    const type = response.headers.get("content-type");
    if (type === null) {
      console.error("No content type for downbeats stream");
      return;
    }
    if (type.startsWith("application/json")) {
      readFrame(await response.text(), onFrame);
      return;
    }
    if (!type.startsWith("text/event-stream")) {
      console.error("Unexpected content type for downbeats stream");
      return;
    }
    const reader = response.body?.getReader();
    if (reader === undefined) {
      console.error("No response body reader available for the downbeats stream");
      return;
    }
    const decoder = new TextDecoder();
    let pending = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        pending += decoder.decode(value, { stream: !done }).replaceAll("\r\n", "\n");
        let end = pending.indexOf("\n\n");
        while (end >= 0) {
          if (readBlock(pending.slice(0, end), onFrame)) {
            await reader.cancel();
            return;
          }
          pending = pending.slice(end + 2);
          end = pending.indexOf("\n\n");
        }
        if (done) {
          readBlock(pending, onFrame);
          return;
        }
      }
    } catch (error) {
      console.error("Downbeats stream failed", error);
    }
  };
}
