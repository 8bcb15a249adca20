import { describe, expect, it } from "vitest";
import {
  API_TOKEN_CANNOT_MANAGE,
  API_TOKEN_INVALID,
  API_TOKEN_PREFIX,
  API_TOKEN_READ_ONLY,
  type ApiTokenList,
  type CreatedApiToken,
} from "../../src/shared/api/api-tokens.ts";
import { ApiClient } from "../api-server.ts";
import { startApiServerWithUsers, type Viewer, viewerClients } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("script tokens on %s", (backend) => {
  const {
    server,
    db,
    users: { owner, other },
  } = startApiServerWithUsers(backend, { owner: { plan: "pro" }, other: { plan: "pro" } });
  const scriptClient = (token: string) => new ApiClient(server.url(), { authorization: `Bearer ${token}` });

  async function newToken(scope: "read" | "write", name = `${scope} script`): Promise<CreatedApiToken> {
    const response = await owner.client.post<CreatedApiToken>("/api/account/api-tokens", { name, scope });
    expect(response.status).toBe(201);
    return response.body;
  }

  it("makes a named, scoped token shown once, stored only as its hash, listed with its last use", async () => {
    const made = await newToken("write", "nightly backup");
    expect(made.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(made.api_token).toMatchObject({ name: "nightly backup", scope: "write", last_used_at: null });
    const stored = await db()
      .selectFrom("api_tokens")
      .selectAll()
      .where("id", "=", made.api_token.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(made.token.slice(API_TOKEN_PREFIX.length));

    const used = await scriptClient(made.token).get("/api/project/me");
    expect(used.status).toBe(200);
    const list = await owner.client.get<ApiTokenList>("/api/account/api-tokens");
    const listed = list.body.tokens.find((token) => token.id === made.api_token.id);
    expect(listed?.last_used_at).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(made.token);
  });

  it("lets a read token read but not write", async () => {
    const { token } = await newToken("read");
    const script = scriptClient(token);
    expect((await script.get("/api/project/me")).status).toBe(200);
    expect((await script.post("/api/feed/v3", {})).status).toBe(200);
    const write = await script.post("/api/project", { name: "made by a read token" });
    expect(write).toMatchObject({ status: 403, body: { detail: API_TOKEN_READ_ONLY } });
    const workspaces = await db()
      .selectFrom("workspaces")
      .select("name")
      .where("user_id", "=", owner.id)
      .execute();
    expect(workspaces.map((workspace) => workspace.name)).not.toContain("made by a read token");
  });

  it("lets a write token write", async () => {
    const { token } = await newToken("write");
    const write = await scriptClient(token).post<{ id: string }>("/api/project", {
      name: "made by a script",
    });
    expect(write.status).toBeLessThan(300);
    const row = await db()
      .selectFrom("workspaces")
      .select("user_id")
      .where("name", "=", "made by a script")
      .executeTakeFirst();
    expect(row?.user_id).toBe(owner.id);
  });

  it("answers 401 {detail} on the next poll once the token is revoked, on private and public routes", async () => {
    const made = await newToken("read");
    const script = scriptClient(made.token);
    expect((await script.get("/api/project/me")).status).toBe(200);
    const revoke = await owner.client.request("DELETE", `/api/account/api-tokens/${made.api_token.id}`);
    expect(revoke.status).toBe(204);
    expect(await script.get("/api/project/me")).toMatchObject({
      status: 401,
      body: { detail: API_TOKEN_INVALID },
    });
    expect(await script.get("/api/health")).toMatchObject({
      status: 401,
      body: { detail: API_TOKEN_INVALID },
    });
    const list = await owner.client.get<ApiTokenList>("/api/account/api-tokens");
    expect(list.body.tokens.map((token) => token.id)).not.toContain(made.api_token.id);
  });

  it("refuses a made-up script token with 401, not as anonymous", async () => {
    const script = scriptClient(`${API_TOKEN_PREFIX}not-a-real-token`);
    expect(await script.get("/api/feed/v2")).toMatchObject({
      status: 401,
      body: { detail: API_TOKEN_INVALID },
    });
  });

  it("lets no script token make or revoke tokens", async () => {
    const { token, api_token } = await newToken("write");
    const script = scriptClient(token);
    expect(await script.post("/api/account/api-tokens", { name: "more", scope: "write" })).toMatchObject({
      status: 403,
      body: { detail: API_TOKEN_CANNOT_MANAGE },
    });
    expect((await script.request("DELETE", `/api/account/api-tokens/${api_token.id}`)).status).toBe(403);
    expect((await script.get("/api/account/api-tokens")).status).toBe(403);
  });

  it("says what is wrong with a bad name or scope", async () => {
    const empty = await owner.client.post("/api/account/api-tokens", { name: " ", scope: "read" });
    expect(empty.status).toBe(400);
    expect(String(empty.body.detail)).toContain("Name the token");
    const scope = await owner.client.post("/api/account/api-tokens", { name: "x", scope: "admin" });
    expect(scope.status).toBe(400);
    expect(String(scope.body.detail)).toContain("The scope is read or write");
  });

  describe.each<[Viewer, number, number, number]>([
    ["owner", 200, 201, 204],
    ["other user", 200, 201, 404],
    ["anonymous", 401, 401, 401],
  ])("as %s", (viewer, listStatus, createStatus, revokeStatus) => {
    it("lists, makes and revokes only their own tokens", async () => {
      const target = await newToken("read", "the owner's token");
      const client = viewerClients(server, owner, other)(viewer);
      const list = await client.get<ApiTokenList>("/api/account/api-tokens");
      expect(list.status).toBe(listStatus);
      if (viewer === "other user")
        expect(list.body.tokens.map((token) => token.id)).not.toContain(target.api_token.id);
      expect((await client.post("/api/account/api-tokens", { name: "mine", scope: "read" })).status).toBe(
        createStatus,
      );
      expect((await client.request("DELETE", `/api/account/api-tokens/${target.api_token.id}`)).status).toBe(
        revokeStatus,
      );
      const stillWorks = (await scriptClient(target.token).get("/api/project/me")).status;
      expect(stillWorks).toBe(viewer === "owner" ? 401 : 200);
    });
  });
});
