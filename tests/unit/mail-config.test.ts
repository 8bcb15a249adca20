// MAIL_TRANSPORT and PUBLIC_URL as the operator sets them: the transports we have, a clear line for
// anything else, and no mail without the site's address for its links.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../src/server/config.ts";
import { mailTransportFor, OutboxMailTransport } from "../../src/server/mail/mail-transport.ts";

const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-mail-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const read = (env: Record<string, string>) => readConfig({ DATA_DIR: dataDir, ...env });

describe("the mail settings", () => {
  it("send no mail by default", () => {
    expect(read({}).mail).toEqual({ setting: "none", publicUrl: undefined });
  });

  it("take log or outbox with the site's address", () => {
    expect(read({ MAIL_TRANSPORT: "outbox", PUBLIC_URL: "https://music.example.org" }).mail).toEqual({
      setting: "outbox",
      publicUrl: "https://music.example.org",
    });
    expect(read({ MAIL_TRANSPORT: "log", PUBLIC_URL: "http://localhost:3000" }).mail.setting).toBe("log");
  });

  it("refuse mail without PUBLIC_URL, a PUBLIC_URL that is no address, and transports we lack", () => {
    expect(() => read({ MAIL_TRANSPORT: "outbox" })).toThrow(
      new ConfigError(
        "MAIL_TRANSPORT=outbox needs PUBLIC_URL, the site's address for links in mail, e.g. PUBLIC_URL=https://music.example.org.",
      ),
    );
    expect(() => read({ MAIL_TRANSPORT: "log", PUBLIC_URL: "music.example.org" })).toThrow(ConfigError);
    expect(() => read({ MAIL_TRANSPORT: "smtp", PUBLIC_URL: "https://music.example.org" })).toThrow(
      /MAIL_TRANSPORT=smtp is not understood.*Sending by SMTP is not built in yet/,
    );
  });

  it("write outbox mail as files under DATA_DIR/outbox, read back in the order sent", async () => {
    const transport = mailTransportFor("outbox", dataDir, () => undefined);
    expect(transport).toBeInstanceOf(OutboxMailTransport);
    await transport?.send({ to: "a@example.com", subject: "First", text: "one" });
    await transport?.send({ to: "b@example.com", subject: "Second", text: "two" });
    const again = new OutboxMailTransport(join(dataDir, "outbox"));
    expect(again.sent().map((mail) => mail.subject)).toEqual(["First", "Second"]);
    expect(mailTransportFor("none", dataDir, () => undefined)).toBeNull();
  });

  it("write log mail as a line with the text", async () => {
    const lines: string[] = [];
    await mailTransportFor("log", dataDir, (line) => lines.push(line))?.send({
      to: "a@example.com",
      subject: "Hello",
      text: "the link",
    });
    expect(lines).toEqual(["Mail to a@example.com: Hello\nthe link"]);
  });
});
