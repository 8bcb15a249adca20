// Password reset by mail in Chromium, with the file outbox as the mail boundary: the sign-in page
// links to the forgot-password form, the mailed link opens the reset page, a weak password is
// refused with the rule (its strength shown as typed), a strong one is set, every session ends, and
// the new password signs in.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OutboxMailTransport } from "../../src/server/mail/mail-transport.ts";
import { DEMO_PASSWORD, openCreateApp, PRO_USER } from "./create-app.ts";

const folder = mkdtempSync(join(tmpdir(), "tunesmith-outbox-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const outbox = new OutboxMailTransport(folder);
const app = openCreateApp({ resetMail: { transport: outbox, publicUrl: "https://music.example.org" } });
const NEW_PASSWORD = "a brand new long secret";

describe("password reset by mail", () => {
  it("mails a link from the sign-in page's forgot-password form", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER);
    await app().signOut();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL((url) => url.pathname === "/forgot-password");
    await page.getByLabel("Email").fill(PRO_USER);
    await page.getByRole("button", { name: "Mail me a link" }).click();
    await expect
      .poll(() => page.getByTestId("reset-mail-sent").textContent())
      .toBe(
        `If ${PRO_USER} has an account here, a link to reset its password is on its way. It works for an hour, once.`,
      );
    expect(outbox.sent().map((mail) => mail.to)).toEqual([PRO_USER]);
  });

  it("sets a new password from the link after refusing a weak one, and signs in with it", async () => {
    const { page, baseUrl } = app();
    const link = /https:\/\/music\.example\.org(\/reset-password\?token=[\w%-]+)/.exec(
      outbox.sent()[0]?.text ?? "",
    );
    expect(link).not.toBeNull();
    await page.goto(`${baseUrl}${link?.[1]}`);
    await page.getByLabel("New password").fill("password1");
    await expect.poll(() => page.locator("#password-strength").textContent()).toBe("Strength: Weak");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect
      .poll(() => page.locator(".field-error").textContent())
      .toBe(
        "Choose a stronger password: at least 8 characters, not a common one, mixing letters with digits or symbols (or simply longer)",
      );
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await expect.poll(() => page.locator("#password-strength").textContent()).toBe("Strength: Strong");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect
      .poll(() => page.getByTestId("password-reset-done").textContent())
      .toBe("Your password is changed, and every device was signed out. Sign in with it");
    await page.getByRole("link", { name: "Sign in with it" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByLabel("Email").fill(PRO_USER);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Wrong email or password");
    await page.getByLabel("Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/create");
  });
});
