import { z } from "zod";

/** 1-based page numbers in a query string. */
export const pageNumberSchema = z.coerce
  .number("Pages are numbers")
  .int()
  .min(1, "Pages start at 1")
  .max(100_000);

/** Query booleans as pages and scripts write them. */
export const queryBooleanSchema = z
  .enum(["true", "false", "True", "False", "1", "0"], "Use true or false")
  .transform((value) => value === "true" || value === "True" || value === "1");

/** `?page=` alone: the lists of the create page's pickers. */
export const pageQuerySchema = z.object({ page: pageNumberSchema.default(1) });

/** How the pickers' lists page: the total, the page answered, and whether another follows. */
export const pageInfoSchema = z.object({
  num_total_results: z.number().int(),
  current_page: z.number().int(),
  has_more: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

export const pageInfo = (total: number, page: number, pageSize: number): PageInfo => ({
  num_total_results: total,
  current_page: page,
  has_more: page * pageSize < total,
});
