// Generate pressed in the studio: the plan read from the selection, the intent shown at once over the
// range, the context rendered, the create page's generation call, then the clips followed by id
// until each is placed and complete. Intents and the songs' progress are facts, written through the
// whole history (an undo never brings back a finished queued generation); placing the results is the one
// undo step, so undo gives back what the range held before.

import type { Clip } from "../../shared/api/clips.ts";
import type { RenderStateBody } from "../../shared/api/studio-render.ts";
import { defaultModelKey } from "../../shared/create/model-rules.ts";
import { DEFAULT_CLIP_LENGTH_BEATS, type StudioProjectState } from "../../shared/project/index.ts";
import { projectKey } from "../../shared/studio-generate/project-tempo-key.ts";
import { beats, seconds } from "../../shared/time.ts";
import { beatsToSeconds, createTempoMap, secondsToBeats } from "../../shared/timing/tempo-map.ts";
import type { StudioController } from "../store/studio-controller.ts";
import { ClipWakes } from "./clip-wakes.ts";
import { ContextRenders } from "./context-renders.ts";
import {
  type GenerateApi,
  generateApi,
  RENDER_FAILED_DESCRIPTION,
  RENDER_FAILED_TOAST,
} from "./generate-api.ts";
import { studioGenerateBody } from "./generate-body.ts";
import { contextRenderState, type GenerationPlan, planGeneration } from "./generation-plan.ts";
import {
  addCreationIntent,
  completeStreamingSong,
  dropPossibleClip,
  dropQueuedGeneration,
  type IntentRange,
  mapEveryClip,
  placeResults,
  QUEUED_GENERATION_TIMEOUT_MS,
  removeIntent,
  settleQueuedGeneration,
} from "./intent-edits.ts";
import type { GeneratePanel } from "./panel-state.ts";

export const CLIP_FAILED_TITLE = "Error generating clip";
export const CLIP_FAILED_FALLBACK = "Clip generation failed, please try again";

/** How often the clips are asked for while they are followed. */
const POLL_MS = 500;

const PLAYABLE = new Set(["streaming", "complete"]);

export interface GeneratorContext {
  readonly controller: StudioController;
  readonly panel: GeneratePanel;
  /** The studio project (null for the demo), sent as the clips' from_studio_project_id. */
  readonly projectId: () => string | null;
  readonly api?: GenerateApi;
  /** Pushed changes of the user's clips, which end a poll's wait early. */
  readonly wakes?: ClipWakes;
}

export class StudioGenerator {
  /** Clips whose failure has been shown: once per clip. */
  private readonly failuresShown = new Set<string>();
  private readonly api: GenerateApi;
  private readonly contextRenders: ContextRenders;
  private disposed = false;

  constructor(private readonly context: GeneratorContext) {
    this.api = context.api ?? generateApi;
    const api = this.api;
    this.contextRenders = new ContextRenders((body) => api.renderContext(body));
  }

  /**
   * Renders the context the current selection would generate from, ahead of Generate (the panel
   * is open and the selection in `project` settled), so Generate does not wait for it. A failure
   * here is silent: Generate asks again and reports it.
   */
  prepare(project: StudioProjectState): void {
    const { controller, panel } = this.context;
    if (controller.state.readOnly) return;
    const plan = planGeneration(project, panel.settings(project.editClipId !== null));
    if (plan.blocked !== null || plan.trackId === null || plan.mode === null) return;
    this.contextRenders.get(this.contextBody(project, plan, true)).catch((error) => {
      console.warn("The context render ahead of Generate failed", error);
    });
  }

  /** The context render's body; `ahead`: asked for before Generate (see render_ahead). */
  private contextBody(project: StudioProjectState, plan: GenerationPlan, ahead: boolean): RenderStateBody {
    const projectId = this.context.projectId();
    return {
      render_ahead: ahead,
      title: this.context.panel.state.form.custom.title || project.title,
      state: contextRenderState(project, plan.trackId as string),
      project_id: projectId,
      from_studio_project_id: projectId,
      start_beats: plan.context.startBeats,
      end_beats: plan.context.endBeats,
      web_client_pathname: window.location.pathname,
    };
  }

  dispose(): void {
    this.disposed = true;
  }

  private get controller(): StudioController {
    return this.context.controller;
  }

  /** Runs one generation from the current selection; settles when its songs are placed and complete. */
  async generate(): Promise<void> {
    const { controller, panel } = this.context;
    const project = controller.project;
    const plan = planGeneration(project, panel.settings(project.editClipId !== null));
    if (plan.blocked !== null || plan.trackId === null || plan.mode === null) {
      panel.say(plan.blocked);
      return;
    }
    if (!controller.mayEdit()) return;
    panel.say(null);
    panel.started();
    const intentId = crypto.randomUUID();
    const range: IntentRange = {
      trackId: plan.trackId,
      startBeats: plan.range.startBeats,
      endBeats: plan.mode === "extend" ? null : plan.range.endBeats,
    };
    const { form } = panel.state;
    controller.rewrite((state) =>
      addCreationIntent(
        state,
        range,
        { intentId, queuedGenerationId: crypto.randomUUID() },
        form.custom.title,
        plan.range.endBeats - plan.range.startBeats,
      ),
    );
    const timeout = setTimeout(
      () => controller.rewrite((state) => dropQueuedGeneration(state, intentId)),
      QUEUED_GENERATION_TIMEOUT_MS,
    );
    try {
      const clips = await this.start(project, plan);
      clearTimeout(timeout);
      if (clips === null) {
        controller.rewrite((state) => dropQueuedGeneration(state, intentId));
        return;
      }
      controller.rewrite((state) =>
        settleQueuedGeneration(
          state,
          intentId,
          clips.map((clip) => clip.id),
        ),
      );
      await this.follow(intentId, range, plan, clips);
    } finally {
      clearTimeout(timeout);
      panel.finished();
    }
  }

  /** The render and the generation call; their clips, or null after saying why there are none. */
  private async start(project: StudioProjectState, plan: GenerationPlan): Promise<readonly Clip[] | null> {
    const { panel } = this.context;
    const { form, replaceMode } = panel.state;
    const projectId = this.context.projectId();
    let rendered: Clip;
    let account: Awaited<ReturnType<GenerateApi["account"]>>;
    let key: string | null;
    try {
      [rendered, account, key] = await Promise.all([
        this.contextRenders.get(this.contextBody(project, plan, false)),
        this.api.account(),
        this.projectKey(plan.songIds),
      ]);
    } catch (error) {
      this.failed(error, true);
      return null;
    }
    const { session, billing } = account;
    const known = billing.models.some((model) => model.external_key === form.global.model);
    const model = known ? form.global.model : defaultModelKey(billing.models);
    const billingModel = billing.models.find((candidate) => candidate.external_key === model);
    if (billingModel === undefined) {
      this.controller.toast({
        kind: "error",
        title: RENDER_FAILED_TOAST,
        description: RENDER_FAILED_DESCRIPTION,
      });
      return null;
    }
    const prepared = studioGenerateBody(
      plan,
      rendered.id,
      { ...form, global: { ...form.global, model } },
      replaceMode,
      {
        credits: billing.total_credits_left,
        exempt: session.isStaff || session.flags["skip-paywall"] === true,
      },
      {
        transactionUuid: crypto.randomUUID(),
        model: billingModel,
        session,
        pathname: window.location.pathname,
        createSessionToken: null,
        fromStudioProjectId: projectId,
        projectId: null,
      },
      key,
    );
    if (prepared.kind === "invalid") {
      panel.say(prepared.message);
      return null;
    }
    if (prepared.kind === "upsell") {
      panel.say(`${billingModel.name} is not included in your plan.`);
      return null;
    }
    try {
      return await this.api.generate(prepared.body);
    } catch (error) {
      this.failed(error, false);
      return null;
    }
  }

  /** The key the project's songs name in their styles; a failed look-up only costs the key. */
  private async projectKey(songIds: readonly string[]): Promise<string | null> {
    if (songIds.length === 0) return null;
    try {
      return projectKey((await this.api.clipsById(songIds)).map((song) => song.metadata.tags));
    } catch (error) {
      console.warn("Could not read the project's songs for their key", error);
      return null;
    }
  }

  /** A render or call that failed: a moderation message or the server's words, in a toast. */
  private failed(error: unknown, render: boolean): void {
    const message = error instanceof Error ? error.message : String(error);
    if (render && !message.startsWith("Moderation error: ")) {
      console.warn("The context render failed", error);
      this.controller.toast({
        kind: "error",
        title: RENDER_FAILED_TOAST,
        description: RENDER_FAILED_DESCRIPTION,
      });
      return;
    }
    this.controller.toast({ kind: "error", title: message });
  }

  private showFailure(clip: Clip): void {
    if (this.failuresShown.has(clip.id)) return;
    this.failuresShown.add(clip.id);
    this.controller.toast({
      kind: "error",
      title: CLIP_FAILED_TITLE,
      description: clip.metadata.error_message || CLIP_FAILED_FALLBACK,
    });
  }

  /** Polls the clips by id: failures leave the intent, the first playable one places them all. */
  private async follow(
    intentId: string,
    range: IntentRange,
    plan: GenerationPlan,
    clips: readonly Clip[],
  ): Promise<void> {
    const controller = this.controller;
    const followed = new Map(clips.map((clip) => [clip.id, clip]));
    let placed = false;
    const userId = clips[0]?.user_id ?? null;
    while (followed.size > 0 && !this.disposed) {
      let latest: readonly Clip[];
      try {
        latest = await this.api.clipsById([...followed.keys()]);
      } catch (error) {
        console.warn("Could not follow the generated clips", error);
        latest = [];
      }
      for (const clip of latest) {
        if (!followed.has(clip.id)) continue;
        followed.set(clip.id, clip);
        if (clip.status === "error") {
          this.showFailure(clip);
          followed.delete(clip.id);
          if (!placed) controller.rewrite((state) => dropPossibleClip(state, clip.id));
        }
      }
      const songs = clips
        .filter((clip) => followed.has(clip.id))
        .map((clip) => followed.get(clip.id) as Clip);
      if (!placed && songs.some((clip) => PLAYABLE.has(clip.status))) {
        placed = true;
        this.place(intentId, range, plan, songs, userId);
      }
      if (placed) {
        for (const clip of songs) {
          if (clip.status === "streaming") controller.rewrite((state) => resolveSong(state, clip.id));
          if (clip.status === "complete") {
            controller.rewrite((state) => completeSong(resolveSong(state, clip.id), clip));
            followed.delete(clip.id);
          }
        }
      }
      if (followed.size > 0) await (this.context.wakes ?? new ClipWakes()).wait(POLL_MS);
    }
  }

  private place(
    intentId: string,
    range: IntentRange,
    plan: GenerationPlan,
    songs: readonly Clip[],
    userId: string | null,
  ): void {
    const readStartBeats = plan.range.startBeats - plan.context.startBeats;
    const edit = (state: StudioProjectState) =>
      placeResults(state, {
        intentId,
        range,
        readStartBeats,
        songs: songs.map((song) => ({
          id: song.id,
          title: song.title,
          streaming: song.status !== "complete",
        })),
        userId,
        openLengthBeats: DEFAULT_CLIP_LENGTH_BEATS,
      });
    // Placing is the undo step; the intent leaves every other state of the history too.
    this.controller.edit((state) => unresolvedPending(edit(state), songs));
    this.controller.rewrite((state) => removeIntent(state, intentId));
  }
}

/** Clips of songs not yet playable are placed unresolved: the engine skips them until they stream. */
function unresolvedPending(state: StudioProjectState, songs: readonly Clip[]): StudioProjectState {
  const pending = new Set(songs.filter((song) => !PLAYABLE.has(song.status)).map((song) => song.id));
  if (pending.size === 0) return state;
  return mapEveryClip(state, (clip) =>
    pending.has(clip.clipId ?? "") ? { ...clip, resolved: false } : clip,
  );
}

const resolveSong = (state: StudioProjectState, songId: string): StudioProjectState =>
  mapEveryClip(state, (clip) =>
    clip.clipId === songId && !clip.resolved ? { ...clip, resolved: true } : clip,
  );

/** A complete song's clips stop streaming, trimmed to its duration in the project's time. */
function completeSong(state: StudioProjectState, song: Clip): StudioProjectState {
  const duration = song.metadata.duration;
  const tempo = createTempoMap(state.timing);
  return completeStreamingSong(
    state,
    song.id,
    duration == null
      ? null
      : (clip) => {
          const anchor = clip.startBeats - clip.readStartBeats;
          return secondsToBeats(tempo, seconds(beatsToSeconds(tempo, beats(anchor)) + duration));
        },
  );
}
