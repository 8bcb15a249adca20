import type { StudioProjectState } from "../../shared/project/index.ts";
import { HttpError } from "../http/errors.ts";
import { runOneShotThread } from "../threads/one-shot-thread.ts";
import type {
  RenderedStereo,
  RenderSource,
  RenderThreadRequest,
  RenderThreadResponse,
} from "./render-thread-protocol.ts";

const ENTRY = new URL("./render-thread.mjs", import.meta.url);

/** Ours: a render that takes longer than this on a loaded server has gone wrong. */
const RENDER_TIMEOUT_MS = 5 * 60_000;

type Rendered =
  | { readonly type: "mix"; readonly audio: RenderedStereo }
  | {
      readonly type: "tracks";
      readonly tracks: readonly { readonly name: string; readonly audio: RenderedStereo }[];
    };

/**
 * Renders a studio state in a thread of its own, so a long song never holds up other requests.
 * A render the user can fix (too long, unreadable audio) rejects with a 422 saying so.
 */
export function runRenderThread(
  state: StudioProjectState,
  sources: readonly RenderSource[],
  options: { sampleRate: number; maxSeconds: number; mode: RenderThreadRequest["mode"] },
): Promise<Rendered> {
  const request: RenderThreadRequest = { state, sources, ...options };
  const transfer = sources.flatMap((source) =>
    source.kind === "stored" ? [source.bytes.buffer as ArrayBuffer] : [],
  );
  return runOneShotThread<RenderThreadResponse, Rendered>(ENTRY, request, transfer, {
    name: "studio render",
    timeoutMs: RENDER_TIMEOUT_MS,
    timeoutError: () => new Error("The studio render timed out"),
    onMessage: (response) => {
      if (response.type === "refused") return new HttpError(422, response.detail);
      if (response.type === "error") return new Error(`The studio render failed: ${response.error}`);
      return response;
    },
  }).result;
}
