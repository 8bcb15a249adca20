/** Failed sign-ins of one account that cost nothing: typos happen. */
export const FREE_LOGIN_FAILURES = 5;
/** The longest an account's next try waits, so an attacker cannot lock its owner out for long. */
export const LOGIN_DELAY_MAX_S = 60;
/** Failures this long ago are forgotten. */
export const LOGIN_FAILURES_FORGOTTEN_S = 15 * 60;

/**
 * Seconds an account's next sign-in must wait after `failures` failed ones in a row: none for the
 * first FREE_LOGIN_FAILURES, then 2, 4, 8 ... seconds, never more than LOGIN_DELAY_MAX_S.
 */
export function loginDelaySeconds(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(LOGIN_DELAY_MAX_S, 2 ** (failures - FREE_LOGIN_FAILURES + 1));
}

export const tooManyLoginFailures = (seconds: number) =>
  `Too many failed sign-ins for this account: try again in ${seconds} s`;
