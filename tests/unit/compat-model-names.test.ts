import { describe, expect, it } from "vitest";
import { clientModel } from "../../src/shared/api/model-names.ts";

const used = (key: string) => {
  const found = clientModel(key);
  return found && { key: found.model.external_key, mappedFrom: found.mappedFrom };
};

describe("the upstream clients' model names", () => {
  it("takes our own keys as they are", () => {
    expect(used("chirp-v3-5")).toEqual({ key: "chirp-v3-5", mappedFrom: null });
    expect(used("chirp-crow")).toEqual({ key: "chirp-crow", mappedFrom: null });
  });

  it("maps retired, code and variant names to the nearest of ours, saying so", () => {
    expect(used("chirp-v3")).toEqual({ key: "chirp-v3-0", mappedFrom: "chirp-v3" });
    expect(used("chirp-v2-xxl-alpha")).toEqual({ key: "chirp-v3-0", mappedFrom: "chirp-v2-xxl-alpha" });
    expect(used("chirp-v3-5-tau")).toEqual({ key: "chirp-v3-5", mappedFrom: "chirp-v3-5-tau" });
    expect(used("chirp-auk")).toEqual({ key: "chirp-v4-5", mappedFrom: "chirp-auk" });
    expect(used("chirp-bluejay")).toEqual({ key: "chirp-v4-5-plus", mappedFrom: "chirp-bluejay" });
    expect(used("chirp-v5")).toEqual({ key: "chirp-crow", mappedFrom: "chirp-v5" });
  });

  it("knows nothing of names that are no model's", () => {
    expect(used("gpt-4")).toBeUndefined();
    expect(used("chirp-")).toBeUndefined();
  });
});
