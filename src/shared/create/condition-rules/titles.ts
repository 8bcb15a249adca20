// The titles a cover gives the form, and takes back when it goes.

const COVER_SUFFIX = "(Cover)";
const REMIX_SUFFIX = "(Remix)";

/** The title without a trailing '(Cover)' or '(Remix)'. */
export function titleWithoutRemixSuffix(title: string): string {
  let base = title.trimEnd();
  for (const suffix of [COVER_SUFFIX, REMIX_SUFFIX]) {
    if (base.endsWith(suffix)) base = base.slice(0, -suffix.length).trimEnd();
  }
  return base;
}

/** The title with a '(Cover)' suffix in place of a '(Remix)' one. */
export const coverTitle = (title: string): string => {
  const base = titleWithoutRemixSuffix(title);
  return base === "" ? COVER_SUFFIX : `${base} ${COVER_SUFFIX}`;
};
