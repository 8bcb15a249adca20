import { Fragment } from "react";
import { captionHashtags, searchHref, songTags } from "../../shared/discovery/tags.ts";
import { Link } from "../router/Link.tsx";

/** A song's tags, and its caption's hashtags, each a link to the songs that share it. */
export function TagLinks({ tags, caption }: { readonly tags: string; readonly caption?: string }) {
  const hashtags = captionHashtags(caption);
  const links = [
    ...songTags(tags).map((tag) => ({ key: `t:${tag}`, href: searchHref("tag", tag), text: tag })),
    ...hashtags.map((tag) => ({ key: `h:${tag}`, href: searchHref("hashtag", tag), text: `#${tag}` })),
  ];
  return (
    <>
      {links.map((link, index) => (
        <Fragment key={link.key}>
          {index > 0 && ", "}
          <Link className="tag-link" href={link.href} data-testid="tag-link">
            {link.text}
          </Link>
        </Fragment>
      ))}
    </>
  );
}
