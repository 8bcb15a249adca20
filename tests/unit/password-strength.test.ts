import { describe, expect, it } from "vitest";
import { passwordStrength } from "../../src/shared/account/password-strength.ts";

describe("password strength", () => {
  it("calls short, common, repeated and straight-run passwords weak", () => {
    for (const password of [
      "short",
      "password",
      "Password123",
      "aaaaaaaaaaaa",
      "abcdefghij",
      "87654321",
      "lettersx",
    ])
      expect(passwordStrength(password), password).toBe("weak");
  });

  it("calls a mixed or longer password fair, a long or varied one strong", () => {
    expect(passwordStrength("long enough")).toBe("fair");
    expect(passwordStrength("melody42x")).toBe("fair");
    expect(passwordStrength("a long password")).toBe("strong");
    expect(passwordStrength("Tune-Smith9x")).toBe("strong");
  });
});
