import { describe, expect, it } from "vitest";
import { escapeHtml, type PagePreview, previewTags, withPreview } from "../../src/server/pages/head-tags.ts";

const PREVIEW: PagePreview = {
  type: "music.song",
  title: "Tide & Time",
  description: "folk. Listen on Tunesmith",
  url: "https://x.test/song/1",
  imageUrl: null,
  audioUrl: "https://x.test/a.wav",
};

describe("link-preview tags", () => {
  it("escapes the characters HTML gives meaning", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });

  it("leaves out the tags of a missing image, and says so in the Twitter card's kind", () => {
    const tags = previewTags(PREVIEW);
    expect(tags).not.toContain("og:image");
    expect(tags).not.toContain("twitter:image");
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).toContain('<meta property="og:audio" content="https://x.test/a.wav" />');
    expect(previewTags({ ...PREVIEW, imageUrl: "https://x.test/i.png" })).toContain(
      '<meta name="twitter:card" content="summary_large_image" />',
    );
  });

  it("replaces the page's title and ends its head with the tags", () => {
    const page = withPreview("<html><head><title>Tunesmith</title></head><body></body></html>", PREVIEW);
    expect(page).not.toContain("<title>Tunesmith</title>");
    expect(page).toMatch(/<title>Tide &#38; Time<\/title>\n {4}<meta [\s\S]*<\/head><body><\/body><\/html>$/);
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it("answers a page without a head as it is", () => {
    expect(withPreview("<p>bare</p>", PREVIEW)).toBe("<p>bare</p>");
  });
});
