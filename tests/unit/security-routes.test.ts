import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { startApiServerWithUsers } from "../clip-fixtures.ts";
import { makeOwnerFixtures, SECRETS } from "../security-fixtures.ts";
import { type Fixtures, ROUTE_CASES, type RouteCase, routePath } from "../security-route-cases.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";

/** Tables holding someone's things, and how to find the owner's rows in each. */
const OWNED_ROWS = [
  ["clips", "user_id"],
  ["workspaces", "user_id"],
  ["playlists", "user_id"],
  ["saved_prompts", "user_id"],
  ["personas", "user_id"],
  ["studio_projects", "user_id"],
  ["uploads", "user_id"],
  ["lyrics_jobs", "user_id"],
  ["notifications", "user_id"],
  ["api_tokens", "user_id"],
  ["workspace_invites", "invited_user_id"],
] as const;

describe.each(BACKENDS)("every API route, as owner, another user and anonymous, on %s", (backend) => {
  const {
    server,
    db,
    users: { owner, other },
  } = startApiServerWithUsers(
    backend,
    { owner: { plan: "pro" }, other: { plan: "pro" } },
    { generator: () => new SineSongGenerator() },
  );
  let fixtures: Fixtures;
  const routes = () => server.app().routeTable.map((route) => `${route.method} ${route.url}`);
  /**
   * Routes that delete or trash go after the others, so those still find the objects; signing out
   * everywhere (which ends the session) next to last, signing out (public either way) last.
   */
  const rank = (route: string) =>
    route.includes("/logout")
      ? 3
      : route.includes("/sign-out")
        ? 2
        : /delete|trash|cancel/.test(route)
          ? 1
          : 0;
  const inOrder = () => [...routes()].sort((a, b) => rank(a) - rank(b));

  /** Everything of the owner's, as stored: nobody else's calls may change any of it. */
  async function ownerState(): Promise<string> {
    const parts: unknown[] = [];
    for (const [table, column] of OWNED_ROWS) {
      parts.push(
        await db()
          .selectFrom(table)
          .selectAll()
          .where(sql.ref(column), "=", owner.id)
          .orderBy(sql`1`)
          .execute(),
      );
    }
    parts.push(
      await db().selectFrom("clip_reactions").selectAll().where("clip_id", "=", fixtures.clipId).execute(),
    );
    parts.push(await db().selectFrom("playlist_clips").selectAll().execute());
    parts.push(await db().selectFrom("workspace_pins").selectAll().execute());
    parts.push(await db().selectFrom("persona_loves").selectAll().execute());
    parts.push(await db().selectFrom("persona_follows").selectAll().execute());
    parts.push(await db().selectFrom("comments").selectAll().execute());
    return JSON.stringify(parts);
  }

  async function call(routeKey: string, routeCase: RouteCase, token: string | null) {
    const [method, url] = routeKey.split(" ");
    const body = routeCase.body?.(fixtures);
    const response = await fetch(`${server.url()}${routePath(url, routeCase, fixtures)}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  }

  beforeAll(async () => {
    fixtures = await makeOwnerFixtures(db(), server.storage(), server.url(), owner);
  }, 60_000);

  it("has a case for every route, so a new route cannot go unchecked", () => {
    const missing = routes().filter((route) => !(route in ROUTE_CASES));
    expect(
      missing.map(
        (route) =>
          `${route}: no entry in ROUTE_CASES (tests/security-route-cases.ts); add its access ("public", "signed-in", "owner", "staff" or "console") and how to call it on the owner's private objects`,
      ),
    ).toEqual([]);
    const gone = Object.keys(ROUTE_CASES).filter((route) => !routes().includes(route));
    expect(gone.map((route) => `${route}: in ROUTE_CASES but no longer a route; remove its entry`)).toEqual(
      [],
    );
  });

  it("gives another user and anonymous callers nothing of the owner's, and changes nothing of it", async () => {
    const before = await ownerState();
    const problems: string[] = [];
    for (const route of inOrder()) {
      const routeCase = ROUTE_CASES[route];
      if (!routeCase) continue;
      for (const [who, token] of [
        ["another user", other.token],
        ["anonymous", null],
      ] as const) {
        const { status, text } = await call(route, routeCase, token);
        const say = (what: string) =>
          problems.push(`${route} as ${who}: ${what} (${status} ${text.slice(0, 160)})`);
        if (status >= 500) say("a server error");
        if (!text.startsWith("{") && status >= 400) say("an error without {detail}");
        for (const secret of Object.values(SECRETS)) if (text.includes(secret)) say(`leaks ${secret}`);
        if (
          who === "anonymous" &&
          ["signed-in", "staff", "console"].includes(routeCase.access) &&
          status !== 401
        )
          say("expected 401");
        if (who === "another user" && routeCase.access === "staff" && status !== 403) say("expected 403");
        if (who === "another user" && routeCase.access === "console" && status !== 404) say("expected 404");
        // Objects that may be public are looked for before sign-in is asked: a private one is as missing.
        if (who === "anonymous" && routeCase.access === "owner" && ![401, 404].includes(status))
          say("expected 401 or 404");
        if (who === "another user" && routeCase.access === "owner" && ![400, 403, 404].includes(status))
          say("expected 400, 403 or 404");
      }
    }
    expect(problems).toEqual([]);
    expect(await ownerState()).toBe(before);
  }, 120_000);

  it("lets the owner use every route on their own objects", async () => {
    const problems: string[] = [];
    for (const route of inOrder()) {
      const routeCase = ROUTE_CASES[route];
      if (!routeCase) continue;
      const { status, text } = await call(route, routeCase, owner.token);
      // The owner is no staff member: a staff route refuses them too, as it does the other user.
      const refused =
        routeCase.access === "staff"
          ? status !== 403
          : routeCase.access === "console"
            ? status !== 404
            : routeCase.access !== "public" && (status === 401 || status === 403);
      if (status >= 500 || refused) problems.push(`${route} as the owner: ${status} ${text.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
