// /login in Chromium: a signed-out visit to /create goes to sign-in and comes back; wrong
// credentials and bad sign-up fields say what is wrong; the header shows who is signed in, their
// credits, and signs out; /login while signed in goes straight on.

import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();

describe("sign in", () => {
  it("sends a signed-out visitor of /create to /login with the way back", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/create?wid=abc`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/create?wid=abc");
  });

  it("says when the email or password is wrong, and keeps the visitor on /login", async () => {
    const { page } = app();
    await page.getByLabel("Email").fill(PRO_USER);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Wrong email or password");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("checks sign-up fields before sending them", async () => {
    const { page } = app();
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL((url) => url.pathname === "/signup");
    await page.getByLabel("Email").fill("not an email");
    await page.getByLabel("Handle").fill("a!");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect
      .poll(() => page.locator(".field-error").allTextContents())
      .toEqual([
        "Enter a valid email address",
        "Handles are 3 to 30 letters, digits or underscores",
        "Passwords need at least 8 characters",
      ]);
    await page.getByRole("link", { name: "Sign in" }).last().click();
    await page.waitForURL((url) => url.pathname === "/login");
  });

  it("signs in and returns to the page asked for, with the handle and credits in the header", async () => {
    const { page } = app();
    await page.getByLabel("Email").fill(PRO_USER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/create");
    expect(new URL(page.url()).searchParams.get("wid")).toBe("abc");
    const menu = page.getByTestId("account-menu");
    await expect.poll(() => menu.textContent()).toContain("@demo_pro");
    await expect.poll(() => page.getByTestId("account-credits").textContent()).toBe("2500 credits");
  });

  it("sends someone already signed in from /login on to `next`, or /create", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent("/create?wid=xyz")}`);
    await page.waitForURL((url) => url.pathname === "/create" && url.searchParams.get("wid") === "xyz");

    await page.goto(`${baseUrl}/login`);
    await page.waitForURL((url) => url.pathname === "/create");
    expect(new URL(page.url()).search).toBe("");

    // `next` must be a path of this app: another site's address falls back to /create.
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent("https://elsewhere.example/")}`);
    await page.waitForURL((url) => url.pathname === "/create");
    expect(new URL(page.url()).host).toBe(new URL(baseUrl).host);
    await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain("@demo_pro");
    expect(await page.getByRole("button", { name: "Sign in" }).count()).toBe(0);
  });

  it("signs out from the header", async () => {
    const { page } = app();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    const session = await page.evaluate(() => fetch("/api/session").then((response) => response.json()));
    expect(session.user).toBeNull();
  });
});
