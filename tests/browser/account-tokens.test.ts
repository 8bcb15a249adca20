// The account page's script tokens in Chromium: the pro user makes a read token, copies its secret
// into a script (fetch from Node), sees its last use, and revokes it; the script is then refused.

import { describe, expect, it } from "vitest";
import { API_TOKEN_INVALID } from "../../src/shared/api/api-tokens.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
/** A folder to keep screenshots of the page in (for a person to look at), when set. */
const SHOTS = process.env.ACCOUNT_SHOTS;

describe("script tokens on the account page", () => {
  it("makes a token shown once, lists its last use, and revokes it", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER, "/account");
    await expect.poll(() => page.getByTestId("script-tokens-empty").isVisible()).toBe(true);

    await page.getByRole("textbox", { name: "Name", exact: true }).fill("library backup");
    await page.getByLabel("Scope").selectOption("read");
    await page.getByRole("button", { name: "Make token" }).click();
    const secret = page.getByTestId("token-secret").locator("code");
    await expect.poll(() => secret.isVisible()).toBe(true);
    const token = (await secret.textContent()) ?? "";
    const row = page.getByTestId("script-token-row").filter({ hasText: "library backup" });
    await expect.poll(() => row.getByTestId("script-token-last-used").textContent()).toBe("Never");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-tokens.png` });

    const script = () =>
      fetch(`${baseUrl}/api/project/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await script()).status).toBe(200);
    await page.getByRole("button", { name: "Done" }).click();
    expect(await page.getByTestId("token-secret").count()).toBe(0);
    await page.reload();
    await expect.poll(() => row.getByTestId("script-token-last-used").textContent()).toBe("just now");

    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => page.getByTestId("script-tokens-empty").isVisible()).toBe(true);
    const refused = await script();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: API_TOKEN_INVALID });
  });
});
