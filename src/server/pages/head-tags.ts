// Link-preview tags (Open Graph and Twitter cards) put into the app's one HTML page, so a pasted
// link unfurls in chat apps that read the page's HTML and run none of its script.

import { escapeHtml } from "../../shared/html-escape.ts";

export { escapeHtml };

export interface PagePreview {
  /** The page's title, for <title> too. */
  readonly title: string;
  readonly description: string;
  /** Absolute addresses: an unfurler knows nothing of the page's origin. */
  readonly url: string;
  readonly imageUrl: string | null;
  readonly audioUrl: string | null;
  /** Open Graph's type, e.g. music.song. */
  readonly type: string;
  /** The oEmbed answer for the page, for unfurlers that look for one. */
  readonly oembedUrl?: string;
}

/** The meta tags for a preview, one a line; a tag whose value is missing is left out. */
export function previewTags(preview: PagePreview): string {
  const tags: [attribute: "property" | "name", key: string, value: string | null][] = [
    ["property", "og:site_name", "Tunesmith"],
    ["property", "og:type", preview.type],
    ["property", "og:title", preview.title],
    ["property", "og:description", preview.description],
    ["property", "og:url", preview.url],
    ["property", "og:image", preview.imageUrl],
    ["property", "og:audio", preview.audioUrl],
    ["name", "twitter:card", preview.imageUrl === null ? "summary" : "summary_large_image"],
    ["name", "twitter:title", preview.title],
    ["name", "twitter:description", preview.description],
    ["name", "twitter:image", preview.imageUrl],
  ];
  const metas = tags
    .filter((tag): tag is [(typeof tag)[0], string, string] => tag[2] !== null)
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`);
  if (preview.oembedUrl !== undefined)
    metas.push(
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(preview.oembedUrl)}" title="${escapeHtml(preview.title)}" />`,
    );
  return metas.join("\n    ");
}

/**
 * The page with the preview: its <title> replaced and the tags added at the end of <head>. A page
 * without a <head> end is answered as it is (the tags would have nowhere valid to go).
 */
export function withPreview(page: string, preview: PagePreview): string {
  const headEnd = page.indexOf("</head>");
  if (headEnd < 0) return page;
  const titled = `${page.slice(0, headEnd).replace(/<title>[^<]*<\/title>/, "")}    <title>${escapeHtml(preview.title)}</title>\n    ${previewTags(preview)}\n  `;
  return titled + page.slice(headEnd);
}
