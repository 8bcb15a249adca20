import type { z } from "zod";
import { summarizeIssues } from "../../shared/zod-issues.ts";
import { badRequest } from "./errors.ts";

/** Parses a request part with its shared schema; anything else is a 400 naming the bad fields. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  part = "body",
): z.infer<Schema> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(`Invalid ${part}: ${summarizeIssues(result.error)}`);
  return result.data;
}
