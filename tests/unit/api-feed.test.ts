import { beforeAll, describe, expect, it } from "vitest";
import type { ClipRow } from "../../src/server/db/schema.ts";
import type { FeedV2Response, FeedV3Response } from "../../src/shared/api/clips.ts";
import type { FeedFilters } from "../../src/shared/api/feed-query-schemas.ts";
import type { ApiClient, ApiResponse } from "../api-server.ts";
import { startApiServer } from "../api-server.ts";
import { newTestClip, newTestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

type TestUser = Awaited<ReturnType<typeof newTestUser>>;
type Filters = Omit<FeedFilters, "sort"> & { sort?: { sortBy?: string; sortDirection?: string } };

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));

describe.each(BACKENDS)("the feed and the library on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;

  async function feed(client: ApiClient, filters: Filters, extra: Record<string, unknown> = {}) {
    const response = await client.post<FeedV3Response>("/api/feed/v3", { limit: 100, filters, ...extra });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  describe("v3 filters", () => {
    let carol: TestUser;
    let dave: TestUser;
    const made: Record<string, ClipRow> = {};
    /** Carol's workspaces: one holding a song, one empty (a workspace is listed to its members only). */
    const workspaces = { holding: "", empty: "" };
    const only = (userId: string) => ({ presence: "True" as const, userId });

    beforeAll(async () => {
      carol = await newTestUser(db(), server.client());
      dave = await newTestUser(db(), server.client());
      const make = async (name: string, clip: Omit<Parameters<typeof newTestClip>[1], "userId">) => {
        made[name] = await newTestClip(db(), { userId: carol.id, title: name, ...clip });
      };
      await make("plain", { isPublic: true, metadata: { type: "gen", tags: "Dream Pop", prompt: "la la" } });
      const plain = made.plain.id;
      await make("upload", { isPublic: true, metadata: { type: "upload" } });
      await make("concat", { metadata: { type: "concat" }, rootClipId: plain });
      await make("stem", { metadata: { type: "stem", stem_from_id: plain } });
      await make("cover", { metadata: { type: "gen", task: "cover", cover_clip_id: plain } });
      await make("extend", { metadata: { type: "extend" }, rootClipId: plain });
      await make("remaster", { metadata: { type: "gen", task: "upsample", upsample_clip_id: plain } });
      await make("persona", { personaId: "persona-1" });
      await make("quiet", { metadata: { is_loudness_under_threshold: true } });
      await make("studio", { metadata: { type: "studio_export", from_studio_project_id: "project-9" } });
      for (const key of ["holding", "empty"] as const) {
        workspaces[key] = (await carol.client.post<{ id: string }>("/api/project", { name: key })).body.id;
      }
      await make("workspace", { projectId: workspaces.holding });
      await make("trashed", {});
      await make("failed", { status: "error" });
      await make("liked", { isPublic: true, metadata: { negative_tags: "Heavy METAL" } });
      await make("disliked", {});
      await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", made.trashed.id).execute();
      await carol.client.post(`/api/gen/${made.liked.id}/update_reaction_type/`, { reaction: "L" });
      await carol.client.post(`/api/gen/${made.disliked.id}/update_reaction_type/`, { reaction: "D" });
      await newTestClip(db(), { userId: dave.id, title: "dave public", isPublic: true });
      await newTestClip(db(), { userId: dave.id, title: "dave private" });
    });

    const titles = (body: FeedV3Response) => body.clips.map((clip) => clip.title).sort();
    const everyTitle = () =>
      Object.keys(made)
        .filter((name) => name !== "trashed" && name !== "failed")
        .sort();
    const without = (...names: string[]) => everyTitle().filter((name) => !names.includes(name));

    it("applies each tri-state filter, True, False and Any", async () => {
      const cases: [keyof Filters, string[]][] = [
        ["liked", ["liked"]],
        ["disliked", ["disliked"]],
        ["public", ["liked", "plain", "upload"]],
        ["fullSong", ["concat"]],
        ["upload", ["upload"]],
        ["belowLoudnessThreshold", ["quiet"]],
      ];
      for (const [filter, matching] of cases) {
        const user = only(carol.id);
        expect(titles(await feed(carol.client, { user, [filter]: "True" })), filter).toEqual(matching);
        expect(titles(await feed(carol.client, { user, [filter]: "False" })), filter).toEqual(
          without(...matching),
        );
        expect(titles(await feed(carol.client, { user, [filter]: "Any" })), filter).toEqual(everyTitle());
      }
    });

    it("shows the trash only when asked, and clips in error only by id", async () => {
      const user = only(carol.id);
      expect(titles(await feed(carol.client, { user, trashed: "True" }))).toEqual(["trashed"]);
      expect(titles(await feed(carol.client, { user, trashed: "Any" }))).toEqual(
        [...everyTitle(), "trashed"].sort(),
      );
      const byId = await feed(carol.client, {
        ids: { presence: "True", clipIds: [made.failed.id, made.plain.id] },
      });
      expect(titles(byId)).toEqual(["failed", "plain"]);
      const excluded = await feed(carol.client, {
        user,
        ids: { presence: "False", clipIds: [made.plain.id] },
      });
      expect(titles(excluded)).toEqual(without("plain"));
    });

    it("applies each presence filter, with and without the clip it was made from", async () => {
      const user = only(carol.id);
      const plain = made.plain.id;
      const cases: [keyof Filters, string, Record<string, string>][] = [
        ["stem", "stem", { fromClipId: plain }],
        ["cover", "cover", { fromClipId: plain }],
        ["extend", "extend", { fromClipId: plain }],
        ["remaster", "remaster", { fromClipId: plain }],
        ["concat", "concat", { fromClipId: plain }],
        ["persona", "persona", { personaId: "persona-1" }],
        ["workspace", "workspace", { workspaceId: workspaces.holding }],
        ["fromStudioProject", "studio", { studioProjectId: "project-9" }],
      ];
      for (const [filter, name, source] of cases) {
        expect(titles(await feed(carol.client, { user, [filter]: { presence: "True" } })), filter).toEqual([
          name,
        ]);
        expect(
          titles(await feed(carol.client, { user, [filter]: { presence: "True", ...source } })),
          filter,
        ).toEqual([name]);
        const elsewhere = Object.fromEntries(
          Object.keys(source).map((key) => [
            key,
            key === "fromClipId" ? made.quiet.id : key === "workspaceId" ? workspaces.empty : "other",
          ]),
        );
        expect(
          titles(await feed(carol.client, { user, [filter]: { presence: "True", ...elsewhere } })),
          filter,
        ).toEqual([]);
        expect(titles(await feed(carol.client, { user, [filter]: { presence: "False" } })), filter).toEqual(
          without(name),
        );
      }
      const inDefault = await feed(carol.client, {
        user,
        workspace: { presence: "True", workspaceId: "default" },
      });
      expect(titles(inDefault)).toEqual(without("workspace"));
    });

    it("scopes by user, and shows others only their public clips", async () => {
      expect(titles(await feed(carol.client, { user: only(dave.id) }))).toEqual(["dave public"]);
      expect(titles(await feed(dave.client, { user: { presence: "True" } }))).toEqual([
        "dave private",
        "dave public",
      ]);
      const daveSeesCarol = await feed(dave.client, { user: only(carol.id) });
      expect(titles(daveSeesCarol)).toEqual(["liked", "plain", "upload"]);
      // Signed out: public and untrashed only, with no reaction of anyone's.
      const anonymous = await feed(server.client(), { user: only(carol.id), trashed: "Any" });
      expect(titles(anonymous)).toEqual(["liked", "plain", "upload"]);
      expect(anonymous.clips.every((clip) => clip.reaction === null)).toBe(true);
      const notCarol = await feed(dave.client, {
        user: { presence: "False", userId: carol.id },
        searchText: "dave",
      });
      expect(titles(notCarol)).toEqual(["dave private", "dave public"]);
    });

    it("searches title, tags, negative tags and prompt, whatever the case", async () => {
      const user = only(carol.id);
      expect(titles(await feed(carol.client, { user, searchText: "DREAM pop" }))).toEqual(["plain"]);
      expect(titles(await feed(carol.client, { user, searchText: "metal" }))).toEqual(["liked"]);
      expect(titles(await feed(carol.client, { user, searchText: "LA LA" }))).toEqual(["plain"]);
      expect(titles(await feed(carol.client, { user, searchText: "ReMaStEr" }))).toEqual(["remaster"]);
      expect(titles(await feed(carol.client, { user, searchText: "  " }))).toEqual(everyTitle());
      expect(titles(await feed(carol.client, { user, searchText: "100%" }))).toEqual([]);
    });

    it("searches for %, _ and \\ as themselves, folds non-ASCII case, and keeps a phrase within a field", async () => {
      const sam = await newTestUser(db(), server.client());
      const user = only(sam.id);
      const songs: [string, Record<string, string>][] = [
        ["under_score", {}],
        ["underXscore", {}],
        ["back\\slash", {}],
        ["backslash", {}],
        ["percent", { tags: "100% Pure" }],
        ["no percent", { tags: "1000 pure" }],
        ["Ōcean Ärger", { prompt: "ÉTÉ à Paris" }],
        ["Night", { tags: "Drive", negative_tags: "sad", prompt: "rain" }],
      ];
      for (const [title, metadata] of songs) await newTestClip(db(), { userId: sam.id, title, metadata });
      const search = async (searchText: string) => titles(await feed(sam.client, { user, searchText }));

      expect(await search("r_s")).toEqual(["under_score"]);
      expect(await search("_")).toEqual(["under_score"]);
      expect(await search("k\\s")).toEqual(["back\\slash"]);
      expect(await search("\\")).toEqual(["back\\slash"]);
      expect(await search("0% p")).toEqual(["percent"]);
      expect(await search("%")).toEqual(["percent"]);
      expect(await search("100%")).toEqual(["percent"]);
      // Not ASCII, either case, in the title and in the prompt.
      expect(await search("ōCEAN")).toEqual(["Ōcean Ärger"]);
      expect(await search("ÄRGER")).toEqual(["Ōcean Ärger"]);
      expect(await search("été À")).toEqual(["Ōcean Ärger"]);
      // Each field on its own: a phrase from the end of one field to the start of the next is no match.
      expect(await search("night drive")).toEqual([]);
      expect(await search("nightdrive")).toEqual([]);
      // The fields' separator is a control character: no search may hold one.
      const separator = await sam.client.post("/api/feed/v3", { filters: { user, searchText: "t\u001fd" } });
      expect(separator.body).toEqual({
        detail: "Invalid body: body.filters.searchText must not contain control characters",
      });
      expect(await search("drive")).toEqual(["Night"]);
      expect(await search("SAD")).toEqual(["Night"]);
      // Too short for a trigram: one and two letters still match anywhere in a field.
      expect(await search("ōc")).toEqual(["Ōcean Ärger"]);
      expect(await search("ai")).toEqual(["Night"]);
      expect(await search("sl")).toEqual(["back\\slash", "backslash"]);
      expect(await search("x")).toEqual(["underXscore"]);
    });

    it("answers each clip as GET /api/clip/{id} does", async () => {
      const page = await feed(carol.client, { user: only(carol.id), trashed: "Any" });
      expect(page.clips.length).toBe(everyTitle().length + 1);
      for (const clip of page.clips) {
        const alone = await carol.client.get(`/api/clip/${clip.id}`);
        expect(alone.status).toBe(200);
        expect(clip, clip.title).toEqual(alone.body);
      }
    });

    it("keeps songs in the viewer's playlists, or in one playlist they may see", async () => {
      const user = only(carol.id);
      const playlist = async (owner: TestUser, name: string, clipIds: string[], isPublic = false) => {
        const made = (await owner.client.post<{ id: string }>("/api/playlist/create/", { name })).body;
        const added = await owner.client.post("/api/playlist/update_clips/", {
          playlist_id: made.id,
          update_type: "add",
          metadata: { clip_ids: clipIds },
        });
        expect(added.status).toBe(200);
        if (isPublic) {
          const shown = await owner.client.post(`/api/playlist_reaction/${made.id}/set_visibility/`, {
            is_public: true,
          });
          expect(shown.status).toBe(200);
        }
        return made.id;
      };
      const mine = await playlist(carol, "Mine", [made.plain.id, made.stem.id]);
      const davePrivate = await playlist(dave, "Dave's secret", [made.liked.id]);
      const davePublic = await playlist(dave, "Dave's picks", [made.upload.id], true);
      const inPlaylist = (playlistId?: string) => ({ presence: "True" as const, playlistId });

      // No id: the viewer's own playlists only (Dave's lists do not count for Carol).
      expect(titles(await feed(carol.client, { user, playlist: inPlaylist() }))).toEqual(["plain", "stem"]);
      expect(titles(await feed(carol.client, { user, playlist: { presence: "False" } }))).toEqual(
        without("plain", "stem"),
      );
      expect(titles(await feed(carol.client, { user, playlist: { presence: "Any" } }))).toEqual(everyTitle());
      expect(titles(await feed(carol.client, { user, playlist: inPlaylist(mine) }))).toEqual([
        "plain",
        "stem",
      ]);
      // Another's public playlist is seen; their private one holds nothing for anyone else.
      expect(titles(await feed(carol.client, { user, playlist: inPlaylist(davePublic) }))).toEqual([
        "upload",
      ]);
      expect(titles(await feed(carol.client, { user, playlist: inPlaylist(davePrivate) }))).toEqual([]);
      expect(
        titles(await feed(carol.client, { user, playlist: { presence: "False", playlistId: davePrivate } })),
      ).toEqual(everyTitle());
      expect(titles(await feed(dave.client, { user, playlist: inPlaylist(davePrivate) }))).toEqual(["liked"]);
      expect(titles(await feed(server.client(), { user, playlist: inPlaylist(davePublic) }))).toEqual([
        "upload",
      ]);
      expect(titles(await feed(server.client(), { user, playlist: inPlaylist() }))).toEqual([]);
      // A trashed playlist is the owner's still, and no one else's.
      await db().updateTable("playlists").set({ is_trashed: true }).where("id", "=", davePublic).execute();
      expect(titles(await feed(carol.client, { user, playlist: inPlaylist(davePublic) }))).toEqual([]);
      expect(titles(await feed(dave.client, { user, playlist: inPlaylist(davePublic) }))).toEqual(["upload"]);
      await db().deleteFrom("playlists").where("id", "in", [mine, davePrivate, davePublic]).execute();
    });

    it("combines filters", async () => {
      const user = only(carol.id);
      expect(titles(await feed(carol.client, { user, public: "True", upload: "False" }))).toEqual([
        "liked",
        "plain",
      ]);
      expect(
        titles(await feed(carol.client, { user, public: "True", liked: "False", searchText: "P" })),
      ).toEqual(["plain", "upload"]);
      expect(
        titles(
          await feed(carol.client, {
            user,
            stem: { presence: "False" },
            cover: { presence: "False" },
            liked: "True",
          }),
        ),
      ).toEqual(["liked"]);
    });

    it("refuses malformed bodies with a 400 naming the field", async () => {
      const cases: [unknown, RegExp][] = [
        [{ limit: 0 }, /^Invalid body: limit: /],
        [{ limit: 101 }, /^Invalid body: limit: /],
        [{ filters: { liked: "yes" } }, /^Invalid body: filters\.liked: Use True, False or Any$/],
        [{ filters: { colour: "True" } }, /^Invalid body: filters: /],
        [
          { filters: { stem: { presence: "True", fromClipId: "x" } } },
          /^Invalid body: filters\.stem\.fromClipId: /,
        ],
        [{ filters: { sort: { sortBy: "title" } } }, /^Invalid body: filters\.sort\.sortBy: /],
        [{ filters: { searchText: "x".repeat(257) } }, /^Invalid body: filters\.searchText: /],
        [{ cursor: "not a cursor" }, /^Invalid cursor/],
        [
          { filters: { playlist: { presence: "Yes", playlistId: "p" } } },
          /^Invalid body: filters\.playlist\.presence: Use True, False or Any$/,
        ],
      ];
      for (const [body, detail] of cases) {
        const response = await carol.client.post("/api/feed/v3", body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.detail).toMatch(detail);
      }
    });
  });

  describe("v3 order and cursors", () => {
    let erin: TestUser;
    beforeAll(async () => {
      erin = await newTestUser(db(), server.client());
    });
    const erinOnly = () => ({ presence: "True" as const, userId: erin.id });

    async function allPages(
      client: ApiClient,
      filters: Filters,
      limit: number,
      between: (page: number) => Promise<void> = async () => {},
    ) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 50; page++) {
        const response: ApiResponse<FeedV3Response> = await client.post<FeedV3Response>("/api/feed/v3", {
          cursor,
          limit,
          filters,
        });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        seen.push(...response.body.clips.map((clip) => clip.title));
        expect(response.body.has_more).toBe(response.body.next_cursor !== null);
        if (!response.body.has_more) return seen;
        cursor = response.body.next_cursor;
        await between(page);
      }
      throw new Error("Paging did not end");
    }

    it("sorts by creation and by plays, both ways, ties broken by id", async () => {
      const rows: ClipRow[] = [];
      for (let i = 0; i < 6; i++) {
        // Two clips share each minute: the id orders them.
        rows.push(
          await newTestClip(db(), {
            userId: erin.id,
            title: `sorted ${i}`,
            createdAt: at(Math.floor(i / 2)),
            metadata: { tags: "sorting" },
          }),
        );
      }
      const plays = [5, 0, 9, 5, 1, 7];
      for (const [i, row] of rows.entries()) {
        await db().updateTable("clips").set({ play_count: plays[i] }).where("id", "=", row.id).execute();
      }
      const key = (row: ClipRow, i: number) =>
        [(row.created_at as unknown as Date).getTime(), plays[i], row.id] as const;
      const byCreated = rows.map((row, i) => ({ title: row.title, key: key(row, i) }));
      const compare = (
        a: readonly (number | string)[],
        b: readonly (number | string)[],
        fields: number[],
      ) => {
        for (const field of fields) if (a[field] !== b[field]) return a[field] < b[field] ? -1 : 1;
        return 0;
      };
      const expected = (fields: number[], direction: number) =>
        [...byCreated].sort((a, b) => direction * compare(a.key, b.key, fields)).map((entry) => entry.title);
      const filters = (sortBy: string, sortDirection: string) => ({
        user: erinOnly(),
        searchText: "sorting",
        sort: { sortBy, sortDirection },
      });
      for (const limit of [2, 100]) {
        expect(await allPages(erin.client, filters("created_at", "desc"), limit)).toEqual(
          expected([0, 2], -1),
        );
        expect(await allPages(erin.client, filters("created_at", "asc"), limit)).toEqual(expected([0, 2], 1));
        expect(await allPages(erin.client, filters("play_count", "desc"), limit)).toEqual(
          expected([1, 2], -1),
        );
        expect(await allPages(erin.client, filters("play_count", "asc"), limit)).toEqual(expected([1, 2], 1));
      }
      // Newest first unless told otherwise.
      expect(titlesOf(await feed(erin.client, { user: erinOnly(), searchText: "sorting" }))).toEqual(
        expected([0, 2], -1),
      );
      const first = await erin.client.post<FeedV3Response>("/api/feed/v3", {
        limit: 2,
        filters: filters("created_at", "desc"),
      });
      const crossed = await erin.client.post("/api/feed/v3", {
        cursor: first.body.next_cursor,
        filters: filters("play_count", "desc"),
      });
      expect(crossed.status).toBe(400);
      expect(crossed.body.detail).toMatch(/another sort order/);
    });

    it("pages without repeats or gaps while clips are inserted between pages", async () => {
      const rows: ClipRow[] = [];
      for (let i = 0; i < 20; i++) {
        // Pairs share a timestamp so that page boundaries fall between equal keys too.
        const row = await newTestClip(db(), {
          userId: erin.id,
          title: `paged ${String(i).padStart(2, "0")}`,
          createdAt: at(100 + 2 * Math.floor(i / 2)),
          metadata: { tags: "paging" },
        });
        rows.push(row);
      }
      // Oldest first; within a pair, by id.
      const original = [...rows]
        .sort(
          (a, b) =>
            +(a.created_at as unknown as Date) - +(b.created_at as unknown as Date) || (a.id < b.id ? -1 : 1),
        )
        .map((row) => row.title);
      for (const direction of ["desc", "asc"] as const) {
        const inserted: string[] = [];
        const seen = await allPages(
          erin.client,
          {
            user: erinOnly(),
            searchText: "paging",
            sort: { sortBy: "created_at", sortDirection: direction },
          },
          3,
          async (page) => {
            // After every page, a song newer than all others and one older than all others arrive.
            for (const title of [`new ${direction} ${page}`, `old ${direction} ${page}`]) {
              const createdAt = title.startsWith("new") ? at(10_000 + page) : at(99 - page);
              await newTestClip(db(), { userId: erin.id, title, createdAt, metadata: { tags: "paging" } });
              inserted.push(title);
            }
          },
        );
        expect(new Set(seen).size).toBe(seen.length);
        const shownOriginals = seen.filter((title) => original.includes(title));
        expect(shownOriginals).toEqual(direction === "desc" ? [...original].reverse() : original);
        // Songs landing before the position already passed never show; those after it show once.
        const ahead = direction === "desc" ? "old" : "new";
        const shownInserted = seen.filter((title) => inserted.includes(title));
        expect(shownInserted.sort()).toEqual(inserted.filter((title) => title.startsWith(ahead)).sort());
        expect(shownInserted.length).toBeGreaterThan(0);
        await db().deleteFrom("clips").where("title", "in", inserted).execute();
      }
    });

    it("finds the clip at an offset and a cursor for the page after it", async () => {
      const filters = {
        user: erinOnly(),
        searchText: "paging",
        sort: { sortBy: "created_at", sortDirection: "asc" },
      };
      const everything = await feed(erin.client, filters);
      const jump = await erin.client.post<{ clip_id: string; cursor: string }>("/api/feed/v3/offset", {
        offset: 4,
        filters,
      });
      expect(jump.status).toBe(200);
      expect(jump.body.clip_id).toBe(everything.clips[4].id);
      const next = await feed(erin.client, filters, { cursor: jump.body.cursor, limit: 3 });
      expect(next.clips.map((clip) => clip.id)).toEqual(everything.clips.slice(5, 8).map((clip) => clip.id));
      const past = await erin.client.post("/api/feed/v3/offset", { offset: 1000, filters });
      expect(past.body).toEqual({ clip_id: null, cursor: null });
      expect((await erin.client.post("/api/feed/v3/offset", { offset: -1 })).status).toBe(400);
      expect((await erin.client.post("/api/feed/v3/offset", {})).status).toBe(400);
    });
  });

  describe("v2: the library and clips by id", () => {
    let frank: TestUser;
    let gina: TestUser;
    const made: Record<string, ClipRow> = {};

    beforeAll(async () => {
      frank = await newTestUser(db(), server.client());
      gina = await newTestUser(db(), server.client());
      const make = async (
        name: string,
        clip: Omit<Parameters<typeof newTestClip>[1], "userId">,
        minute: number,
      ) => {
        made[name] = await newTestClip(db(), {
          userId: frank.id,
          title: name,
          createdAt: at(500 + minute),
          ...clip,
        });
      };
      await make("public song", { isPublic: true, metadata: { tags: "Bossa" } }, 0);
      await make("cover", { metadata: { task: "cover", cover_clip_id: "x" } }, 1);
      await make("gen stem", { metadata: { type: "stem", task: "gen_stem" } }, 2);
      await make("studio", { metadata: { type: "studio_export" } }, 3);
      await make("disliked", {}, 4);
      await make("liked", {}, 5);
      await make("upload", { metadata: { type: "upload" } }, 6);
      await make("failed", { status: "error" }, 7);
      await make("trashed", {}, 8);
      await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", made.trashed.id).execute();
      await frank.client.post(`/api/gen/${made.liked.id}/update_reaction_type/`, { reaction: "L" });
      await frank.client.post(`/api/gen/${made.disliked.id}/update_reaction_type/`, { reaction: "D" });
      for (let i = 0; i < 22; i++) {
        await newTestClip(db(), {
          userId: gina.id,
          title: `g${String(i).padStart(2, "0")}`,
          createdAt: at(600 + i),
        });
      }
    });

    const library = async (client: ApiClient, query = "") => {
      const response = await client.get<FeedV2Response>(`/api/feed/v2${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };
    const names = (body: FeedV2Response) => body.clips.map((clip) => clip.title);

    it("lists the library newest first, hiding dislikes, stems, studio clips, errors and the trash", async () => {
      const body = await library(frank.client);
      expect(names(body)).toEqual(["upload", "liked", "cover", "public song"]);
      expect(body).toMatchObject({ num_total_results: 4, has_more: false });
      const everything = await library(
        frank.client,
        "?hide_disliked=false&hide_gen_stems=false&hide_studio_clips=false",
      );
      expect(names(everything)).toEqual([
        "upload",
        "liked",
        "disliked",
        "studio",
        "gen stem",
        "cover",
        "public song",
      ]);
    });

    it("applies the older filters and the search query", async () => {
      expect(names(await library(frank.client, "?is_liked=true"))).toEqual(["liked"]);
      expect(names(await library(frank.client, "?is_public=true"))).toEqual(["public song"]);
      expect(names(await library(frank.client, "?is_cover=true"))).toEqual(["cover"]);
      expect(names(await library(frank.client, "?is_uploaded_audio=true"))).toEqual(["upload"]);
      expect(names(await library(frank.client, "?is_gen_stem=true"))).toEqual(["gen stem"]);
      expect(names(await library(frank.client, "?query=bossa"))).toEqual(["public song"]);
      expect(names(await library(frank.client, "?is_liked=false"))).toEqual([
        "upload",
        "liked",
        "cover",
        "public song",
      ]);
    });

    it("pages by number with the total and whether more follow", async () => {
      const first = await library(gina.client, "?page=1");
      expect(first.clips).toHaveLength(20);
      expect(first).toMatchObject({ num_total_results: 22, has_more: true });
      expect(names(first)[0]).toBe("g21");
      const second = await library(gina.client, "?page=2");
      expect(names(second)).toEqual(["g01", "g00"]);
      expect(second.has_more).toBe(false);
      expect((await library(gina.client, "?page=3")).clips).toEqual([]);
    });

    it("answers clips by ids in the order given, errors included, hidden ones left out", async () => {
      const ids = [made.failed.id, made["public song"].id, made.liked.id].join(",");
      expect(names(await library(frank.client, `?ids=${ids}`))).toEqual(["failed", "public song", "liked"]);
      const other = await library(gina.client, `?ids=${ids}`);
      expect(names(other)).toEqual(["public song"]);
      expect(other).toMatchObject({ num_total_results: 1, has_more: false });
      expect(names(await library(server.client(), `?ids=${ids}`))).toEqual(["public song"]);
    });

    it("needs a session for the library, and refuses malformed queries", async () => {
      const anonymous = await server.client().get("/api/feed/v2");
      expect(anonymous.status).toBe(401);
      for (const query of [
        "?page=0",
        "?page=x",
        "?is_liked=maybe",
        "?ids=1,2",
        `?query=${"q".repeat(300)}`,
      ]) {
        const response = await frank.client.get(`/api/feed/v2${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.detail).toMatch(/^Invalid query: /);
      }
    });

    it("lists the trash by page", async () => {
      const response = await frank.client.get("/api/clips/trashed_v2?page_size=5");
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ num_total_results: 1 });
      expect((response.body.clips as { title: string }[]).map((clip) => clip.title)).toEqual(["trashed"]);
      expect((await frank.client.get("/api/clips/trashed_v2?page_size=1000")).status).toBe(400);
      expect((await server.client().get("/api/clips/trashed_v2")).status).toBe(401);
    });
  });
});

const titlesOf = (body: FeedV3Response) => body.clips.map((clip) => clip.title);
