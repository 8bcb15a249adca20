import type { z } from "zod";

export type FieldErrors = Partial<Record<"email" | "password" | "handle", string>>;

/** The first message per field, so each input shows what is wrong with it. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password" || field === "handle") && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}
