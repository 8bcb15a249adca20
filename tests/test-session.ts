import { type Session, sessionSchema } from "../src/shared/api/accounts.ts";

/** The signed-in user of the create page's rule tests. */
export const OWNER = "5a0c1f4e-0000-4000-8000-000000000001";

/** A Pro session for OWNER, with the given fields in place of the defaults. */
export function testSession(overrides: Partial<Session> = {}): Session {
  return sessionSchema.parse({
    user: { id: OWNER, handle: "owner" },
    userId: OWNER,
    userEmail: "owner@example.com",
    username: "owner",
    displayName: "Owner",
    userPlanKey: "pro",
    roles: { pro: true },
    isStaff: false,
    flags: {},
    audioUploadLimits: { min: 6, max: 480 },
    ...overrides,
  });
}
