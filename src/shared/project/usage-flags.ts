import { z } from "zod";

/** Which editing features have been used on the project: a split sets usedSplit, and so on. */
export const usageFlagsSchema = z.object({
  usedCrop: z.boolean().default(false),
  usedReorder: z.boolean().default(false),
  usedDuplicate: z.boolean().default(false),
  usedDelete: z.boolean().default(false),
  usedSplit: z.boolean().default(false),
  usedCreateSection: z.boolean().default(false),
  usedReplaceSection: z.boolean().default(false),
  usedExtend: z.boolean().default(false),
});

export type UsageFlags = z.infer<typeof usageFlagsSchema>;
