// The operator's legal texts are Markdown: headings, paragraphs, lists, **bold**, `code` and
// [links](https://...). Rendered as React elements (never as HTML), so the file cannot inject markup.

import type { ReactNode } from "react";

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, index) => {
    const key = `${index}:${part}`;
    if (part.startsWith("**") && part.endsWith("**")) return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith("`") && part.endsWith("`")) return <code key={key}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    // Only web and mail links: a javascript: URL in the file stays text.
    if (link && /^(https?:|mailto:|\/)/.test(link[2]))
      return (
        <a key={key} href={link[2]}>
          {link[1]}
        </a>
      );
    return part;
  });
}

/** Blocks are separated by blank lines; a block of "- " lines is a list, "#" lines are headings. */
export function Markdown({ text }: { readonly text: string }) {
  const blocks = text.replace(/\r\n/g, "\n").split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, index) => {
        const key = `${index}`;
        const lines = block.split("\n").filter((line) => line.trim() !== "");
        if (lines.length === 0) return null;
        const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0]);
        if (heading && lines.length === 1) {
          const level = heading[1].length;
          const content = inline(heading[2]);
          return level === 1 ? (
            <h1 key={key}>{content}</h1>
          ) : level === 2 ? (
            <h2 key={key}>{content}</h2>
          ) : (
            <h3 key={key}>{content}</h3>
          );
        }
        if (lines.every((line) => /^\s*[-*]\s+/.test(line) || /^\s{2,}\S/.test(line))) {
          // Indented lines continue the item above them.
          const items: { id: string; text: string }[] = [];
          for (const line of lines) {
            if (/^\s*[-*]\s+/.test(line))
              items.push({ id: `${key}.${items.length}`, text: line.replace(/^\s*[-*]\s+/, "") });
            else if (items.length > 0) items[items.length - 1].text += ` ${line.trim()}`;
          }
          return (
            <ul key={key}>
              {items.map((item) => (
                <li key={item.id}>{inline(item.text)}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{inline(lines.join(" "))}</p>;
      })}
    </>
  );
}
