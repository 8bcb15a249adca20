import { describe, expect, it } from "vitest";
import { secondsFromClient } from "../../src/shared/api/client-numbers.ts";

describe("seconds as the upstream clients send them", () => {
  it("keeps numbers and reads numeric strings", () => {
    expect(secondsFromClient(42.5)).toBe(42.5);
    expect(secondsFromClient("30")).toBe(30);
    expect(secondsFromClient(" 12.5 ")).toBe(12.5);
  });

  it("reads m:ss and h:mm:ss", () => {
    expect(secondsFromClient("00:30")).toBe(30);
    expect(secondsFromClient("1:05.5")).toBe(65.5);
    expect(secondsFromClient("1:02:03")).toBe(3723);
  });

  it("leaves anything else for the schema to refuse", () => {
    expect(secondsFromClient("1:75")).toBe("1:75");
    expect(secondsFromClient("1:60:00")).toBe("1:60:00");
    expect(secondsFromClient("soon")).toBe("soon");
    expect(secondsFromClient(null)).toBeNull();
    expect(secondsFromClient(undefined)).toBeUndefined();
  });
});
