import { describe, expect, it } from "vitest";
import { absoluteMediaUrls } from "../../src/server/compat/absolute-media-urls.ts";
import { idsOf } from "../../src/server/compat/proxy-routes.ts";
import type { MediaGrant } from "../../src/shared/api/media-signatures.ts";

const CLIP = "7b1d2e3f-0000-4000-8000-000000000001";
const VIEWER = "0b4a7c1e-0000-4000-8000-00000000000a";
const TOKEN = "5c9d0e1f-0000-4000-8000-0000000000aa";
const context = {
  origin: "https://songs.example",
  grant: { viewerId: VIEWER, tokenId: TOKEN },
  expires: 2_000_000_000,
  sign: (clipId: string, media: string, grant: MediaGrant, expires: number) =>
    `expires=${expires}&viewer=${grant.viewerId}&signature=${media}-${clipId.slice(0, 4)}`,
};

describe("media URLs made absolute and signed for scripts", () => {
  it("rewrites the clip media fields at any depth and leaves everything else", () => {
    const answer = {
      clips: [
        {
          id: CLIP,
          title: "/api/media/clips/not-a-media-field",
          audio_url: `/api/media/clips/${CLIP}/audio.wav?v=abc`,
          image_large_url: `/api/media/clips/${CLIP}/image.png?v=def&size=1024`,
          video_url: null,
          metadata: { duration: 3 },
        },
      ],
      num_total_results: 1,
    };
    expect(absoluteMediaUrls(answer, context)).toEqual({
      clips: [
        {
          id: CLIP,
          title: "/api/media/clips/not-a-media-field",
          audio_url: `https://songs.example/api/media/clips/${CLIP}/audio.wav?v=abc&expires=2000000000&viewer=${VIEWER}&signature=audio-7b1d`,
          image_large_url: `https://songs.example/api/media/clips/${CLIP}/image.png?v=def&size=1024&expires=2000000000&viewer=${VIEWER}&signature=image-7b1d`,
          video_url: null,
          metadata: { duration: 3 },
        },
      ],
      num_total_results: 1,
    });
  });

  it("never alters the answer it was given, nor URLs that are not a clip's own media", () => {
    const clip = {
      audio_url: `/api/media/clips/${CLIP}/mp3?v=1`,
      image_url: "https://elsewhere.example/a.png",
    };
    const copy = absoluteMediaUrls([clip], context);
    expect(copy).toEqual([clip]);
    expect((copy as unknown[])[0]).not.toBe(clip);
  });
});

describe("ids as the proxy's callers send them", () => {
  it("reads comma-separated ids and a printed Python list", () => {
    const other = "7b1d2e3f-0000-4000-8000-000000000002";
    expect(idsOf(`${CLIP},${other}`)).toEqual([CLIP, other]);
    expect(idsOf(`['${CLIP}', '${other}']`)).toEqual([CLIP, other]);
    expect(idsOf("nothing")).toEqual([]);
  });
});
