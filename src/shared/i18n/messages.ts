// Messages that shared rules give to people (a refusal, a rule in words) are keys into the `messages`
// texts with the values they name, never sentences: the pages say them with t() in the language
// they show, and the server answers {detail} in the request's language. The English file holds the
// exact English wording.

export interface Message {
  /** The key with its namespace, as t() takes it: "messages:account.weakPassword". */
  readonly key: `messages:${string}`;
  readonly values?: Readonly<Record<string, string | number>>;
}

export const message = (key: Message["key"], values?: Message["values"]): Message =>
  values === undefined ? { key } : { key, values };

/**
 * The languages an Accept-Language header asks for, most wanted first ("es-ES,es;q=0.9,en;q=0.8"
 * gives es-ES, es, en); a language weighted q=0 is refused, and so left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const weight = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
