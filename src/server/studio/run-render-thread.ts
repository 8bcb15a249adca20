import type { StudioProjectState } from "../../shared/project/index.ts";
import { HttpError } from "../http/errors.ts";
import { WarmThreads } from "../threads/warm-thread.ts";
import type {
  RenderedStereo,
  RenderSource,
  RenderThreadRequest,
  RenderThreadResponse,
} from "./render-thread-protocol.ts";

/**
 * The render threads of this server: one kept warm between renders, so the context render of a
 * studio generation does not wait seconds for a thread to start.
 */
const renderThreads = new WarmThreads(new URL("./render-thread.mjs", import.meta.url), {
  name: "studio render",
  idleMs: 15 * 60_000,
});

/** A studio opened: its renders (an export, a generation's context) will not wait for a thread. */
export const warmRenderThread = (): void => renderThreads.warm();

/** Ours: a render that takes longer than this on a loaded server has gone wrong. */
const RENDER_TIMEOUT_MS = 5 * 60_000;

type Rendered =
  | { readonly type: "mix"; readonly audio: RenderedStereo }
  | {
      readonly type: "tracks";
      readonly tracks: readonly { readonly name: string; readonly audio: RenderedStereo }[];
    };

/**
 * Renders a studio state in a render thread, so a long song never holds up other requests.
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
  return renderThreads.run<RenderThreadResponse, Rendered>(request, transfer, {
    timeoutMs: RENDER_TIMEOUT_MS,
    timeoutError: () => new Error("The studio render timed out"),
    onMessage: (response) => {
      if (response.type === "refused") return new HttpError(422, response.detail);
      if (response.type === "error") return new Error(`The studio render failed: ${response.error}`);
      return response;
    },
  });
}
