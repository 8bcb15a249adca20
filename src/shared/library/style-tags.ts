/** The style tags of a comma-separated styles text, lowered and trimmed, each once. */
export const styleTags = (text: string | null | undefined): string[] => [
  ...new Set(
    (text ?? "")
      .split(",")
      .map((tag) => tag.trim().toLowerCase())
      .filter((tag) => tag !== ""),
  ),
];
