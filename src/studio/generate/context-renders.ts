// The context render of a generation, started early: while the generate panel is open the studio
// renders the context of the current selection, so pressing Generate finds it rendered (or under
// way) instead of waiting for it.

import type { Clip } from "../../shared/api/clips.ts";
import type { RenderStateBody } from "../../shared/api/studio-render.ts";

/**
 * What makes two context renders the same audio: the state rendered and the range. The title,
 * paths and project ids only label the clip made of it.
 */
export const contextRenderKey = (body: RenderStateBody): string =>
  JSON.stringify([body.state, body.start_beats ?? null, body.end_beats ?? null]);

/** Keeps the latest context render, so asking again for the same one reuses it. */
export class ContextRenders {
  private latest: { readonly key: string; readonly clip: Promise<Clip> } | null = null;

  constructor(private readonly render: (body: RenderStateBody) => Promise<Clip>) {}

  /** The context's clip: the latest render when it is the same one, else a new render. */
  get(body: RenderStateBody): Promise<Clip> {
    const key = contextRenderKey(body);
    if (this.latest?.key === key) return this.latest.clip;
    const clip = this.render(body);
    const latest = { key, clip };
    this.latest = latest;
    // A failed render is not kept: the next ask (Generate) tries again and reports its error.
    clip.catch(() => {
      if (this.latest === latest) this.latest = null;
    });
    return clip;
  }
}
