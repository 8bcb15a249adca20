import { describe, expect, it } from "vitest";
import { generationErrorOutcome, lyricsErrorToast } from "../../src/shared/create/generation-errors.ts";

const toastOf = (outcome: ReturnType<typeof generationErrorOutcome>) => {
  if (outcome.kind !== "toast") throw new Error(`expected a toast, got ${outcome.kind}`);
  return outcome;
};

describe("generation start errors", () => {
  it("429 too many running jobs: the upsell for basic or unknown plans, the wait message otherwise", () => {
    const body = '{"detail":"Too many running jobs: wait for your other generations"}';
    expect(generationErrorOutcome(429, body, null, "free")).toEqual({ kind: "concurrency_upsell" });
    expect(generationErrorOutcome(429, body, null, null)).toEqual({ kind: "concurrency_upsell" });
    expect(toastOf(generationErrorOutcome(429, body, null, "pro")).toast).toEqual({
      kind: "info",
      title: "Please wait.",
      description: "Please wait for your other generations to finish.",
      durationMs: 4000,
    });
  });

  it("other 429s and unreadable bodies", () => {
    expect(
      toastOf(generationErrorOutcome(429, '{"detail":"slow down"}', "slow down", "pro")).toast,
    ).toMatchObject({
      title: "Too many requests.",
      description: "Please try again in a few moments.",
    });
    expect(toastOf(generationErrorOutcome(429, null, null, "pro")).toast).toMatchObject({
      title: "Generation limit reached",
      description: "Please wait for your other generations to finish or upgrade your account.",
    });
  });

  it("402 past due with the Manage link, other 402s about credits with the Upgrade link", () => {
    const pastDue = toastOf(generationErrorOutcome(402, "{}", "Subscription past due.", "pro")).toast;
    expect(pastDue).toMatchObject({
      title: "Your subscription is past due.",
      description: "Please update your payment method.",
      link: { href: "/account?section=subscription", label: "Manage" },
    });
    const credits = toastOf(
      generationErrorOutcome(402, "{}", "Need at least 10 credits to create.", "free"),
    ).toast;
    expect(credits).toMatchObject({
      title: "Need at least 10 credits to create.",
      description: "Upgrade your account to get more credits!",
    });
    expect(credits.link).toEqual({ href: "/account?section=credits", label: "Upgrade" });
  });

  it("423 and 451 for 6 s", () => {
    const support = toastOf(generationErrorOutcome(423, "{}", null, "pro")).toast;
    expect(support).toMatchObject({ title: "Your account requires support assistance", durationMs: 6000 });
    expect(toastOf(generationErrorOutcome(451, "{}", null, "pro")).toast).toEqual({
      kind: "error",
      title: "The lyrics do not meet our content guidelines",
      description: "Please try again with different lyrics.",
      durationMs: 6000,
    });
  });

  it("424 with copyright_infringment opens the copyright warning; without it is a system error", () => {
    expect(generationErrorOutcome(424, '{"detail":"copyright_infringment"}', null, "pro")).toEqual({
      kind: "copyright_warning",
    });
    expect(toastOf(generationErrorOutcome(424, "{}", null, "pro")).rethrow).toBe(true);
  });

  it("503 and anything else", () => {
    expect(toastOf(generationErrorOutcome(503, "{}", null, "pro")).toast).toMatchObject({
      title: "We are seeing elevated usage.",
      description: "Generations are currently disabled. Please try again later.",
    });
    const other = toastOf(generationErrorOutcome(500, "oops", null, "pro"));
    expect(other.toast).toMatchObject({
      title: "An error occurred.",
      description: "A system error occurred.",
    });
    expect(other.rethrow).toBe(true);
    expect(toastOf(generationErrorOutcome(503, "{}", null, "pro")).rethrow).toBe(false);
  });
});

describe("lyrics generation errors", () => {
  it("a failed request asks to wait, for 4 s", () => {
    expect(lyricsErrorToast({ kind: "request_failed" })).toEqual({
      kind: "error",
      title: "Please wait a few seconds.",
      description: "Please wait a few seconds before generating more lyrics.",
      durationMs: 4000,
    });
  });

  it("a failed poll is the generic error for 5 s", () => {
    expect(lyricsErrorToast({ kind: "poll_failed" }).durationMs).toBe(5000);
  });

  it("maps the server's messages", () => {
    const job = (message: string) => lyricsErrorToast({ kind: "job_error", message });
    expect(job("Too many requests").title).toBe("Please wait a few seconds.");
    expect(job("This prompt was flagged for moderation: it contains inappropriate material.")).toMatchObject({
      title: "Moderation error.",
      description: "This prompt contains language or content flagged as inappropriate.",
    });
    const artist = job(
      'The prompt names "Taylor Swift": copyrighted material and artist names are not allowed. Describe genres or vibes instead.',
    );
    expect(artist.title).toBe("Copyright issue.");
    expect(artist.description).toContain('"Taylor Swift"');
    const copyrighted = job("The prompt contains copyrighted lyrics");
    expect(copyrighted.title).toBe("Copyright issue.");
    expect(copyrighted.description).toContain("genres or vibes");
    for (const message of ["malformed prompt", "Unable to generate lyrics"]) {
      expect(job(message)).toMatchObject({
        title: "Prompt error.",
        description:
          "Sorry, we're having trouble creating from this prompt. Please adjust your prompt and try again.",
      });
    }
    expect(job("database on fire")).toMatchObject({
      title: "An error occurred generating lyrics.",
      description: "Something went wrong on our side. Please try again in a moment.",
      durationMs: 4000,
    });
  });
});
