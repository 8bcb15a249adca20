// A song's family: the song it was made from (its parent: the song it covers, extends or remixes)
// and the songs made from it (its direct children), paged 20 at a time. Children another listener
// may not see (private, trashed) are left out of lists and counts alike.

import { z } from "zod";
import { clipIdSchema, clipSchema } from "./clips.ts";
import { pageInfoSchema, pageNumberSchema } from "./paged.ts";

/** Remix pages hold 20 songs. */
export const CHILDREN_PAGE_SIZE = 20;

/** ?clip_id= alone: direct_children_count and parent. */
export const clipFamilyQuerySchema = z.object({ clip_id: clipIdSchema });

/** ?clip_id=&page=&page_size=: the paged child lists; a page holds at most 20. */
export const childrenQuerySchema = clipFamilyQuerySchema.extend({
  page: pageNumberSchema.default(1),
  page_size: z.coerce
    .number("page_size is a number")
    .int("page_size is a whole number")
    .min(1, `page_size is from 1 to ${CHILDREN_PAGE_SIZE}`)
    .max(CHILDREN_PAGE_SIZE, `page_size is from 1 to ${CHILDREN_PAGE_SIZE}`)
    .default(CHILDREN_PAGE_SIZE),
});
export type ChildrenQuery = z.infer<typeof childrenQuerySchema>;

export const childrenPageSchema = pageInfoSchema.extend({ clips: z.array(clipSchema) });
export type ChildrenPage = z.infer<typeof childrenPageSchema>;

export const childrenCountSchema = z.object({ count: z.number().int() });

/** The parent when the viewer may see it; null for an original song or a parent hidden from them. */
export const parentResponseSchema = z.object({ parent: clipSchema.nullable() });
export type ParentResponse = z.infer<typeof parentResponseSchema>;
