// Where "Share to..." sends a link: each site's own share address, with the link and the title.

export interface ShareTarget {
  /** The platform name stored with the link (its share key). */
  readonly platform: string;
  /** A site's own name, the same in every language; none for email, which the page words. */
  readonly label?: string;
  readonly href: (link: string, title: string) => string;
}

const q = encodeURIComponent;

export const SHARE_TARGETS: readonly ShareTarget[] = [
  {
    platform: "x",
    label: "X",
    href: (link, title) => `https://twitter.com/intent/tweet?url=${q(link)}&text=${q(title)}`,
  },
  {
    platform: "facebook",
    label: "Facebook",
    href: (link) => `https://www.facebook.com/sharer/sharer.php?u=${q(link)}`,
  },
  {
    platform: "reddit",
    label: "Reddit",
    href: (link, title) => `https://www.reddit.com/submit?url=${q(link)}&title=${q(title)}`,
  },
  {
    platform: "whatsapp",
    label: "WhatsApp",
    href: (link, title) => `https://wa.me/?text=${q(`${title} ${link}`)}`,
  },
  { platform: "email", href: (link, title) => `mailto:?subject=${q(title)}&body=${q(link)}` },
];
