// Where the server's mail goes. Mail is a boundary this product cannot assume (a self-hosted server
// may have no mail server at all), so the senders take a MailTransport and the operator picks one
// with MAIL_TRANSPORT: none (the default: features that need mail say they are off), log (each
// mail written to the server log, for trying things out), or outbox (each mail a JSON file under
// DATA_DIR/outbox, for a relay that picks them up, and for the tests to read).

import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const mailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
});

export type MailMessage = z.infer<typeof mailMessageSchema>;

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** Writes each mail to a log line: the operator reads the link there. */
export class LogMailTransport implements MailTransport {
  constructor(private readonly log: (line: string) => void) {}

  async send(message: MailMessage): Promise<void> {
    this.log(`Mail to ${message.to}: ${message.subject}\n${message.text}`);
  }
}

/** Each mail a JSON file in a folder, named so they list in the order they were sent. */
export class OutboxMailTransport implements MailTransport {
  /** Orders mails sent in the same millisecond by this process. */
  private sequence = 0;

  constructor(readonly folder: string) {
    mkdirSync(folder, { recursive: true });
  }

  async send(message: MailMessage): Promise<void> {
    this.sequence += 1;
    const order = `${Date.now().toString().padStart(15, "0")}-${this.sequence.toString().padStart(9, "0")}`;
    const name = `${order}-${randomUUID()}.json`;
    writeFileSync(join(this.folder, name), JSON.stringify(message, null, 2));
  }

  /** The mails in the folder, oldest first. */
  sent(): MailMessage[] {
    return readdirSync(this.folder)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => mailMessageSchema.parse(JSON.parse(readFileSync(join(this.folder, name), "utf8"))));
  }
}

export type MailSetting = "none" | "log" | "outbox";

/** MAIL_TRANSPORT, checked: a value we do not have is the operator's to fix, said in one line. */
export function readMailSetting(env: NodeJS.ProcessEnv, fail: (message: string) => Error): MailSetting {
  const value = (env.MAIL_TRANSPORT ?? "").trim();
  if (value === "" || value === "none") return "none";
  if (value === "log" || value === "outbox") return value;
  throw fail(
    `MAIL_TRANSPORT=${value} is not understood: set it to none, log (mail in the server log) or outbox (mail as files under DATA_DIR/outbox). Sending by SMTP is not built in yet.`,
  );
}

/** The transport a setting names; none gives null. */
export function mailTransportFor(
  setting: MailSetting,
  dataDir: string,
  log: (line: string) => void,
): MailTransport | null {
  if (setting === "log") return new LogMailTransport(log);
  if (setting === "outbox") return new OutboxMailTransport(join(dataDir, "outbox"));
  return null;
}
