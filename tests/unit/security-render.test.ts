import { describe, expect, it } from "vitest";
import { newClipWithAudio, startApiServerWithUsers, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("studio renders of extreme states on %s", (backend) => {
  const {
    server,
    db,
    users: { artist },
  } = startApiServerWithUsers(backend, { artist: { plan: "pro" } });

  it("answers 4xx, never 5xx, to too many tracks and out-of-range tempos, positions and loops", async () => {
    const { row } = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: artist.id, title: "Source" },
      { channels: testAudio(8000), sampleRate: 8000 },
    );
    const state = (clip: object, project: object = {}) => ({
      timing: {},
      selection: {},
      tracks: [{ id: "t", clips: [{ id: "c", clipId: row.id, startBeats: 0, endBeats: 4, ...clip }] }],
      ...project,
    });
    const tracks = Array.from({ length: 257 }, (_, index) => ({ id: `t${index}` }));
    const cases = [
      { timing: {}, selection: {}, tracks },
      state({}, { timing: { bps: 1e308 } }),
      state({ startBeats: -1e308 }),
      state({ endBeats: 1e308 }),
      state({ readStartBeats: 1e308 }),
      state({ fadeInBeats: 1e308 }),
      state({ warp: { enabled: true, markers: [{ beats: 1e308, seconds: 1e308 }] } }),
      state({ loop: { enabled: true, startBeats: -1e6, endBeats: 1e6 } }),
      state({ loop: { enabled: true, startBeats: 0, endBeats: 1e-300 } }),
      state({}, { songFadeInBeats: 1e308 }),
    ];
    for (const path of ["/api/studio/render-state", "/api/studio/render-state-multitrack"]) {
      for (const body of cases) {
        const response = await artist.client.post<{ detail: string }>(path, { state: body });
        expect([path, response.status >= 400 && response.status < 500]).toEqual([path, true]);
        expect(typeof response.body.detail).toBe("string");
      }
    }
  }, 60_000);
});
