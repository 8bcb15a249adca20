// The project's tempo and key as a studio generation sends them: in the styles, where the models
// read them, unless the person's own styles name a tempo or a key.
import { describe, expect, it } from "vitest";
import {
  keyNamedIn,
  projectKey,
  stylesWithTempoAndKey,
} from "../../src/shared/studio-generate/project-tempo-key.ts";

describe("the project's tempo and key", () => {
  it("reads the key the styles name, spelled one way", () => {
    expect(keyNamedIn("dark synthwave in a Minor, 100 bpm")).toBe("A minor");
    expect(keyNamedIn("folk, C♯ major")).toBe("C# major");
    expect(keyNamedIn("Bb minor ballad")).toBe("Bb minor");
    expect(keyNamedIn("folk, acoustic")).toBeNull();
    expect(keyNamedIn(null)).toBeNull();
  });

  it("takes the key most of the project's songs name, the first named on a tie", () => {
    expect(projectKey(["pop in C major", "rock, A minor", "A minor ballad"])).toBe("A minor");
    expect(projectKey(["pop in C major", "rock, A minor"])).toBe("C major");
    expect(projectKey(["pop", null, undefined])).toBeNull();
    expect(projectKey([])).toBeNull();
  });

  it("adds the tempo (whole bpm) and key the styles do not name", () => {
    expect(stylesWithTempoAndKey("folk", 119.6, "A minor")).toBe("folk, 120 bpm, in A minor");
    expect(stylesWithTempoAndKey("folk, 90 BPM", 120, "A minor")).toBe("folk, 90 BPM, in A minor");
    expect(stylesWithTempoAndKey("folk in D major", 120, "A minor")).toBe("folk in D major, 120 bpm");
    expect(stylesWithTempoAndKey("", 120, null)).toBe("120 bpm");
    expect(stylesWithTempoAndKey("  folk ", null, null)).toBe("folk");
  });
});
