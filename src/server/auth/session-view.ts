import { FEATURE_FLAGS, type PlanKey, type Session, UPLOAD_SECONDS } from "../../shared/api/accounts.ts";
import type { User } from "../db/schema.ts";

export const ANONYMOUS_SESSION: Session = {
  user: null,
  userId: null,
  userEmail: null,
  username: null,
  displayName: null,
  userPlanKey: "free",
  roles: { pro: false },
  isStaff: false,
  flags: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])),
  audioUploadLimits: { min: UPLOAD_SECONDS.min, max: UPLOAD_SECONDS.max },
  language: null,
};

export function sessionView(user: User): Session {
  const plan = user.plan_key as PlanKey;
  const flags = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, user.flags.includes(flag)]));
  const longUploads = plan !== "free" || user.is_staff || flags["skip-paywall"];
  return {
    user: { id: user.id, handle: user.handle },
    userId: user.id,
    userEmail: user.email,
    username: user.handle,
    displayName: user.display_name,
    userPlanKey: plan,
    roles: { pro: plan !== "free" },
    isStaff: user.is_staff,
    flags,
    audioUploadLimits: {
      min: UPLOAD_SECONDS.min,
      max: longUploads ? UPLOAD_SECONDS.longMax : UPLOAD_SECONDS.max,
    },
    language: user.language,
  };
}
