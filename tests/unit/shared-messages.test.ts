import { describe, expect, it } from "vitest";
import { acceptedLanguages, message } from "../../src/shared/i18n/messages.ts";

describe("acceptedLanguages", () => {
  it("lists the header's languages by weight, then by order", () => {
    expect(acceptedLanguages("en;q=0.5, es-ES, es;q=0.9")).toEqual(["es-ES", "es", "en"]);
  });

  it("leaves out refused languages, the wildcard and an absent header", () => {
    expect(acceptedLanguages("es;q=0, *;q=0.1, en")).toEqual(["en"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe("message", () => {
  it("keeps values only when there are some", () => {
    expect(message("messages:a")).toEqual({ key: "messages:a" });
    expect(message("messages:a", { n: 2 })).toEqual({ key: "messages:a", values: { n: 2 } });
  });
});
