import { useEffect, useState } from "react";
import {
  recommendStylesResponseSchema,
  recommendTagsResponseSchema,
} from "../../shared/api/create-support.ts";
import { recommendTagsBody, writtenStyles } from "../../shared/create/style-recommendation.ts";
import { apiRequest } from "../account/api-request.ts";

/** The search and form-sync debounce. */
const DEBOUNCE_MS = 300;
const SHOWN = 8;

let defaults: Promise<string[]> | null = null;
const defaultStyles = (): Promise<string[]> => {
  defaults ??= apiRequest("/api/generate/get_recommend_styles", recommendStylesResponseSchema).then(
    (answer) => answer.default_styles,
  );
  return defaults;
};

/** Style chips: the defaults for an empty field, else styles that go with the ones written. */
export function StyleSuggestions({
  styles,
  onStyles,
}: {
  readonly styles: string;
  readonly onStyles: (styles: string) => void;
}) {
  const [suggested, setSuggested] = useState<string[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    const written = writtenStyles(styles);
    const body = recommendTagsBody(styles);
    const timer = setTimeout(() => {
      const request =
        body === null
          ? defaultStyles()
          : apiRequest("/api/tags/recommend", recommendTagsResponseSchema, {
              body,
              signal: abort.signal,
            }).then((answer) => answer.recommended_tags);
      request
        .then((list) => {
          const taken = new Set(written.map((style) => style.toLowerCase()));
          setSuggested(list.filter((style) => !taken.has(style.toLowerCase())).slice(0, SHOWN));
        })
        .catch((error: unknown) => {
          if (!abort.signal.aborted) console.warn("No style suggestions", error);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [styles]);
  if (suggested.length === 0) return null;
  return (
    <div className="create-chips">
      {suggested.map((style) => (
        <button
          key={style}
          type="button"
          className="create-chip"
          onClick={() => onStyles([...writtenStyles(styles), style].join(", "))}
        >
          + {style}
        </button>
      ))}
    </div>
  );
}
