// The sign-in steps of the most used open-source client of the upstream API, replayed as it sends
// them (its headers, its bare Authorization header, its empty JSON bodies), with only the base URL
// and the token changed: a script token stands where the client puts its session cookie.

import { describe, expect, it } from "vitest";
import { API_TOKEN_INVALID, type CreatedApiToken } from "../../src/shared/api/api-tokens.ts";
import { startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

/** The headers the client sets on every request (its Android client disguise). */
const CLIENT_HEADERS = {
  "Affiliate-Id": "undefined",
  "Device-Id": '"5f0a5c4e-0000-4000-8000-00000000d1ce"',
  "x-suno-client": "Android prerelease-4nt180t 1.0.42",
  "X-Requested-With": "com.suno.android",
};
const CLERK_QUERY = "_is_native=true&_clerk_js_version=5.15.0";

describe.each(BACKENDS)("the upstream client's sign-in steps on %s", (backend) => {
  const {
    server,
    users: { owner },
  } = startApiServerWithUsers(backend, { owner: { plan: "pro" } });

  const newToken = async (scope: "read" | "write") =>
    (await owner.client.post<CreatedApiToken>("/api/account/api-tokens", { name: "client", scope })).body;

  const send = (method: string, path: string, authorization: string | null, body?: unknown) =>
    fetch(`${server.url()}${path}`, {
      method,
      headers: {
        ...CLIENT_HEADERS,
        ...(authorization === null ? {} : { authorization }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("exchanges a script token for its bearer, passes the pre-generation check and reads credits", async () => {
    const { token } = await newToken("write");
    // Step 1: the client's cookie value, bare, as the Authorization header.
    const client = await send("GET", `/v1/client?${CLERK_QUERY}`, token);
    expect(client.status).toBe(200);
    const sid = ((await client.json()) as { response: { last_active_session_id: string } }).response
      .last_active_session_id;
    expect(typeof sid).toBe("string");
    // Step 2: the session's token, read from `jwt`.
    const renewed = await send("POST", `/v1/client/sessions/${sid}/tokens?${CLERK_QUERY}`, token, {});
    expect(renewed.status).toBe(200);
    const jwt = ((await renewed.json()) as { jwt: string }).jwt;
    // Then every call carries it as a bearer token.
    const check = await send("POST", "/api/c/check", `Bearer ${jwt}`, { ctype: "generation" });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ required: false });
    const billing = await send("GET", "/api/billing/info/", `Bearer ${jwt}`);
    const credits = (await billing.json()) as Record<string, unknown>;
    expect(typeof credits.total_credits_left).toBe("number");
    // Its Python clients read the period as a number or null.
    expect(credits.period).toBeNull();
    expect(typeof credits.monthly_limit).toBe("number");
    expect(typeof credits.monthly_usage).toBe("number");
    const session = await send("POST", "/api/user/create_session_id/", `Bearer ${jwt}`, {
      session_properties: JSON.stringify({ deviceId: "d" }),
      session_type: 1,
    });
    expect(((await session.json()) as { session_id: string }).session_id).toBe(owner.id);
  });

  it("refuses the exchange without a live script token, and for another session id", async () => {
    const made = await newToken("read");
    expect((await send("GET", `/v1/client?${CLERK_QUERY}`, null)).status).toBe(401);
    expect((await send("GET", `/v1/client?${CLERK_QUERY}`, owner.token)).status).toBe(401);
    const otherSession = "00000000-0000-4000-8000-000000000000";
    expect((await send("POST", `/v1/client/sessions/${otherSession}/tokens`, made.token, {})).status).toBe(
      404,
    );
    await owner.client.request("DELETE", `/api/account/api-tokens/${made.api_token.id}`);
    const revoked = await send("GET", `/v1/client?${CLERK_QUERY}`, made.token);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ detail: API_TOKEN_INVALID });
  });

  it("asks for sign-in before the pre-generation check, and ignores fields it does not know", async () => {
    expect((await send("POST", "/api/c/check", null, { ctype: "generation" })).status).toBe(401);
    const { token } = await newToken("write");
    const check = await send("POST", "/api/c/check", `Bearer ${token}`, { ctype: "generation", extra: 1 });
    expect(await check.json()).toEqual({ required: false });
  });
});
