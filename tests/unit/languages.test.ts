import { describe, expect, it } from "vitest";
import { pickLanguage } from "../../src/shared/i18n/languages.ts";

describe("pickLanguage", () => {
  it("keeps a stored choice over the browser's languages", () => {
    expect(pickLanguage("es", ["en-US"])).toBe("es");
    expect(pickLanguage("en", ["es-ES", "es"])).toBe("en");
  });

  it("takes the first browser language we have, by its primary subtag", () => {
    expect(pickLanguage(null, ["fr-FR", "es-MX", "en"])).toBe("es");
    expect(pickLanguage(null, ["EN-gb"])).toBe("en");
  });

  it("falls back to English for unknown or stored nonsense", () => {
    expect(pickLanguage(null, ["fr", "de"])).toBe("en");
    expect(pickLanguage("klingon", [])).toBe("en");
  });
});
