import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { RenderStateResponse } from "../../src/shared/api/studio-render.ts";
import { newClip, newProjectState, newTrack } from "../../src/shared/project/index.ts";
import { startApiServer } from "../api-server.ts";
import { newClipWithAudio, newTestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const RATE = 44_100;

/**
 * Renders ahead of Generate (the studio's generate panel open, render_ahead): each settled
 * selection makes one, and only the ones generated from, asked for in earnest, or under a minute old
 * stay; the others go with their audio when the project's next one is made.
 */
describe.each(BACKENDS)("context renders ahead of Generate on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  let alice: Awaited<ReturnType<typeof newTestUser>>;
  let projectId: string;
  let toneId: string;

  beforeAll(async () => {
    alice = await newTestUser(db(), server.client());
    const tone = Float32Array.from(
      { length: 4 * RATE },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE),
    );
    toneId = (
      await newClipWithAudio(
        db(),
        server.storage(),
        { userId: alice.id, title: "Tone" },
        { channels: [tone, tone], sampleRate: RATE, format: "float32" },
      )
    ).row.id;
    const created = await alice.client.post<{ id: string }>("/api/studio/create-project?title=Ahead");
    projectId = created.body.id;
  });

  /** A render of beats 0..end: ahead (the panel's), or in earnest (Generate's own, an export). */
  const render = async (endBeats: number, ahead: boolean) => {
    const response = await alice.client.post<RenderStateResponse>("/api/studio/render-state", {
      state: newProjectState({
        timing: { type: "manual", bps: 2 },
        tracks: [
          newTrack({ id: "t", clips: [newClip({ id: "c", clipId: toneId, startBeats: 0, endBeats: 8 })] }),
        ],
      }),
      start_beats: 0,
      end_beats: endBeats,
      from_studio_project_id: projectId,
      ...(ahead ? { render_ahead: true } : {}),
    });
    expect(response.status).toBe(200);
    return response.body.data.id;
  };
  const age = (clipId: string) =>
    db()
      .updateTable("clips")
      .set({ created_at: sql`now() - interval '2 minutes'` })
      .where("id", "=", clipId)
      .execute();
  const row = (clipId: string) =>
    db().selectFrom("clips").select(["id", "audio_key"]).where("id", "=", clipId).executeTakeFirst();

  it("removes the project's earlier renders ahead, row and audio, once a minute old and not generated from", async () => {
    const first = await render(2, true);
    const audioKey = (await row(first))?.audio_key as string;
    expect(await server.storage().stat(audioKey)).not.toBeNull();
    // Under a minute old: a Generate may have taken it just now.
    const second = await render(3, true);
    expect(await row(first)).toBeDefined();
    await age(first);
    await age(second);
    // The second is a generation's source (its job submitted): it stays.
    await db()
      .insertInto("generation_jobs")
      .values({
        user_id: alice.id,
        kind: "generate",
        task: "infill",
        model_key: "chirp-crow",
        plan: sql<unknown>`${JSON.stringify({ sourceClipId: second })}::jsonb`,
        reservation_id: null,
        created_at: new Date(),
      })
      .execute();
    const third = await render(4, true);
    expect(await row(first)).toBeUndefined();
    expect(await server.storage().stat(audioKey)).toBeNull();
    expect(await row(second)).toBeDefined();
    expect(await row(third)).toBeDefined();
  });

  it("keeps a render ahead that an export or Generate's own render asked for again, and every export", async () => {
    const ahead = await render(5, true);
    expect(await render(5, false)).toBe(ahead);
    const exported = await render(6, false);
    await age(ahead);
    await age(exported);
    await render(7, true);
    expect(await row(ahead)).toBeDefined();
    expect(await row(exported)).toBeDefined();
  });
});
