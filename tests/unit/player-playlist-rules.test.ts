import { describe, expect, it } from "vitest";
import { mosaicCovers, playlistSummaryLine, songCount } from "../../src/app/playlists/playlist-rules.ts";

describe("the playlist page's rules", () => {
  it("says the song count and the total length", () => {
    expect(songCount(1)).toBe("1 song");
    expect(playlistSummaryLine(0, 0)).toBe("0 songs");
    expect(playlistSummaryLine(12, 2465)).toBe("12 songs · 41:05");
    expect(playlistSummaryLine(3, 3725)).toBe("3 songs · 1:02:05");
  });

  it("makes a 2 by 2 mosaic of four covers, else shows the first one alone", () => {
    expect(mosaicCovers(["a", "b", "c", "d", "e"])).toEqual(["a", "b", "c", "d"]);
    expect(mosaicCovers(["a", "b", "c"])).toEqual(["a"]);
    expect(mosaicCovers([])).toEqual([]);
  });
});
