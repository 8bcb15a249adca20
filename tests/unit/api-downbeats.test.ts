import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { clipMediaKey } from "../../src/server/clips/media-urls.ts";
import {
  type DownbeatsJobResponse,
  type DownbeatsStreamFrame,
  downbeatsJobResponseSchema,
  downbeatsStreamFrameSchema,
} from "../../src/shared/api/downbeats.ts";
import { applyBeatsFrame, type NumberedBeat } from "../../src/shared/beats/beats-result.ts";
import { drumPattern } from "../beat-audio.ts";
import { newClipWithAudio, newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const RATE = 22050;
/** Long enough for the stream to send provisional frames (at 10 s and 20 s) before the final one. */
const SECONDS = 24;

const bars = (downbeats: readonly NumberedBeat[]) => downbeats.filter(([, n]) => n === 1).map(([t]) => t);

/** Reads an event stream to its end: each `data:` block parsed, `event: error` blocks kept apart. */
async function readEvents(response: Response) {
  const text = await response.text();
  const frames: unknown[] = [];
  const errors: unknown[] = [];
  for (const block of text.split("\n\n").filter((b) => b.trim())) {
    const lines = block.split("\n");
    const data = JSON.parse(lines.find((line) => line.startsWith("data: "))?.slice(6) ?? "null");
    (lines.includes("event: error") ? errors : frames).push(data);
  }
  return { frames, errors };
}

describe.each(BACKENDS)("downbeats on %s", (backend) => {
  const {
    server,
    db,
    users: { owner, other },
  } = startApiServerWithUsers(backend, { owner: {}, other: {} });

  const drumClip = () =>
    newClipWithAudio(db(), server.storage(), { userId: owner.id }, drumPattern(RATE, 120, SECONDS));

  /** Polls the job (no faster than needed: the analysis takes well under a second) until it is over. */
  async function pollJob(user: TestUser, clipId: string) {
    const states: string[] = [];
    for (let i = 0; i < 300; i++) {
      const response = await user.client.get<DownbeatsJobResponse>(`/api/gen/${clipId}/downbeats`);
      expect(response.status).toBe(200);
      const job = downbeatsJobResponseSchema.parse(response.body);
      if (states.at(-1) !== job.state) states.push(job.state);
      if (job.state !== "running") return { job, states };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("The job did not end");
  }

  function expectBarsEveryTwoSeconds(downbeats: readonly NumberedBeat[], bpm: number | null) {
    const starts = bars(downbeats);
    const truth = drumPattern(RATE, 120, SECONDS).downbeats;
    expect(starts.length).toBe(truth.length);
    const worst = Math.max(...starts.map((t, i) => Math.abs(t - truth[i])));
    expect(worst).toBeLessThan(0.02);
    expect(Math.abs((bpm ?? 0) - 120)).toBeLessThan(0.6);
    // Downbeats are rounded to 4 decimals.
    for (const [t] of downbeats) expect(Math.round(t * 1e4) / 1e4).toBe(t);
  }

  it("runs the job once, polled from running to complete, with a downbeat every 2 s at 120 BPM", async () => {
    const { row } = await drumClip();
    const { job, states } = await pollJob(owner, row.id);
    expect(states).toEqual(["running", "complete"]);
    expect(job.error).toBeNull();
    expect(job.no_beats_reason).toBeNull();
    expectBarsEveryTwoSeconds(job.downbeats ?? [], job.bpm);
    // Every beat is numbered 1 to 4 in order.
    job.downbeats?.forEach(([, n], i, all) => {
      if (i > 0) expect(n).toBe((all[i - 1][1] % 4) + 1);
    });

    // Kept: asking again answers the same result without a new job.
    const again = await owner.client.get<DownbeatsJobResponse>(`/api/gen/${row.id}/downbeats`);
    expect(again.body).toEqual(job);
    const rows = await db().selectFrom("clip_downbeats").selectAll().where("clip_id", "=", row.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].source).toBe("analysis");
  });

  it("streams frames as they are produced, ending final, that add up to the result", async () => {
    const { row } = await drumClip();
    const response = await fetch(`${server.url()}/api/gen/${row.id}/downbeats_streaming/v2`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${owner.token}`,
        accept: "text/event-stream",
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { frames, errors } = await readEvents(response);
    expect(errors).toEqual([]);
    const parsed = frames.map((frame) => downbeatsStreamFrameSchema.parse(frame));
    expect(parsed.length).toBeGreaterThanOrEqual(3);
    expect(parsed.slice(0, -1).every((frame) => !frame.final && frame.state === "running")).toBe(true);
    const last = parsed[parsed.length - 1];
    expect(last).toMatchObject({ final: true, state: "complete", seconds_missing_from_start: 0 });
    // Provisional frames cover more and more of the clip.
    const analysed = parsed.map((frame) => frame.seconds_analysed);
    expect(analysed).toEqual([...analysed].sort((a, b) => a - b));
    expect(analysed[0]).toBeLessThan(SECONDS);
    expect(last.seconds_analysed).toBeCloseTo(SECONDS, 1);

    let held: NumberedBeat[] = [];
    for (const frame of parsed) held = applyBeatsFrame(held, frame);
    expect(held).toEqual(last.downbeats);
    expectBarsEveryTwoSeconds(held, last.bpm);

    // The job's state agrees, and the JSON answer (kept once final) is the same final frame.
    const job = await owner.client.get<DownbeatsJobResponse>(`/api/gen/${row.id}/downbeats`);
    expect(job.body).toMatchObject({ state: "complete", downbeats: held, bpm: last.bpm });
    const json = await owner.client.post<DownbeatsStreamFrame>(`/api/gen/${row.id}/downbeats_streaming/v2`);
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    expect(json.body).toEqual(last);
    // A stream asked for later sends the kept result as one final frame.
    const replay = await fetch(`${server.url()}/api/gen/${row.id}/downbeats_streaming/v2`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, accept: "text/event-stream" },
    });
    expect((await readEvents(replay)).frames).toEqual([last]);
  });

  it("answers JSON with the final result, waiting for the analysis", async () => {
    const { row } = await drumClip();
    const json = await owner.client.post<DownbeatsStreamFrame>(`/api/gen/${row.id}/downbeats_streaming/v2`);
    expect(json.status).toBe(200);
    const frame = downbeatsStreamFrameSchema.parse(json.body);
    expect(frame).toMatchObject({ final: true, state: "complete", seconds_missing_from_start: 0 });
    expectBarsEveryTwoSeconds(frame.downbeats, frame.bpm);
  });

  it("completes silence with no downbeats and says why", async () => {
    const { row } = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id },
      { sampleRate: RATE, channels: [new Float32Array(RATE * 8)] },
    );
    const { job } = await pollJob(owner, row.id);
    expect(job).toEqual({
      state: "complete",
      downbeats: [],
      bpm: null,
      no_beats_reason: "silence",
      error: null,
    });
    const json = await owner.client.post<DownbeatsStreamFrame>(`/api/gen/${row.id}/downbeats_streaming/v2`);
    expect(json.body).toMatchObject({ downbeats: [], final: true, bpm: null, no_beats_reason: "silence" });
  });

  it("ends in the error state, with a message, for audio that cannot be decoded", async () => {
    const id = randomUUID();
    const audioKey = clipMediaKey(id, "audio", "wav");
    const junk = Buffer.concat([Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt "), Buffer.alloc(64, 0x7f)]);
    await server.storage().put(audioKey, Readable.from([junk]), { contentType: "audio/wav" });
    const row = await newTestClip(db(), { userId: owner.id, id, audioKey });
    const { job, states } = await pollJob(owner, row.id);
    expect(states).toEqual(["running", "error"]);
    expect(job).toEqual({
      state: "error",
      downbeats: null,
      bpm: null,
      no_beats_reason: null,
      error: "The song's audio could not be read",
    });
    const json = await owner.client.post(`/api/gen/${row.id}/downbeats_streaming/v2`);
    expect(json).toMatchObject({ status: 422, body: { detail: "The song's audio could not be read" } });
    const stream = await fetch(`${server.url()}/api/gen/${row.id}/downbeats_streaming/v2`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, accept: "text/event-stream" },
    });
    expect(await readEvents(stream)).toEqual({
      frames: [],
      errors: [{ detail: "The song's audio could not be read" }],
    });
  });

  it("hides other people's private clips, and needs a signed-in user", async () => {
    const { row } = await drumClip();
    for (const call of [
      other.client.get(`/api/gen/${row.id}/downbeats`),
      other.client.post(`/api/gen/${row.id}/downbeats_streaming/v2`),
      other.client.get(`/api/gen/${randomUUID()}/downbeats`),
    ]) {
      expect(await call).toMatchObject({ status: 404, body: { detail: "Clip not found" } });
    }
    const anonymous = await server.client().get(`/api/gen/${row.id}/downbeats`);
    expect(anonymous.status).toBe(401);
    const bad = await owner.client.get("/api/gen/not-a-clip/downbeats");
    expect(bad.status).toBe(400);
    // Nothing was started for them.
    const rows = await db()
      .selectFrom("clip_downbeats")
      .select("clip_id")
      .where("clip_id", "=", row.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("uses the downbeats the uploader gave with initialize-clip, without analysis", async () => {
    // Silent audio: an analysis would find no beats, so beats here can only be the supplied ones.
    const { row } = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id, metadata: { duration: 8 } },
      { sampleRate: RATE, channels: [new Float32Array(RATE * 8)] },
    );
    await db()
      .insertInto("uploads")
      .values({
        user_id: owner.id,
        extension: "wav",
        original_key: `uploads/${randomUUID()}.wav`,
        status: "complete",
        clip_id: row.id,
        clip_context: { downbeats: [0, 2, 4, 6] },
      })
      .execute();
    const response = await owner.client.get<DownbeatsJobResponse>(`/api/gen/${row.id}/downbeats`);
    expect(response.body).toMatchObject({ state: "complete", bpm: 120, error: null, no_beats_reason: null });
    const downbeats = response.body.downbeats ?? [];
    expect(bars(downbeats)).toEqual([0, 2, 4, 6]);
    expect(downbeats.slice(0, 5)).toEqual([
      [0, 1],
      [0.5, 2],
      [1, 3],
      [1.5, 4],
      [2, 1],
    ]);
    expect(downbeats.at(-1)).toEqual([7.5, 4]);
    const stored = await db()
      .selectFrom("clip_downbeats")
      .select("source")
      .where("clip_id", "=", row.id)
      .execute();
    expect(stored).toEqual([{ source: "supplied" }]);
  });
});
