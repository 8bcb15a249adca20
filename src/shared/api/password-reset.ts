// Password reset by mail: what the forgot-password form and the reset page send.

import { z } from "zod";

export const passwordResetRequestSchema = z.object({
  email: z.email("Enter a valid email address").max(254),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(8, "Passwords need at least 8 characters").max(200),
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** Whether this server can mail reset links (MAIL_TRANSPORT and PUBLIC_URL set). */
export const passwordResetAvailabilitySchema = z.object({ available: z.boolean() });
export type PasswordResetAvailability = z.infer<typeof passwordResetAvailabilitySchema>;
