// How strong a password is, for the sign-up hint as it is typed and for the server's refusal: one
// rule in both places, so the page never calls a password fine that the server then refuses.

import { message } from "../i18n/messages.ts";

export type PasswordStrength = "weak" | "fair" | "strong";

/** The refusal of a weak password, with the rule in words. */
export const WEAK_PASSWORD = message("messages:account.weakPassword");

/** Passwords every guessing list starts with; refused whatever their length. */
const COMMON = new Set([
  "password",
  "password1",
  "password123",
  "passw0rd",
  "12345678",
  "123456789",
  "1234567890",
  "qwertyuiop",
  "qwerty123",
  "iloveyou",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "welcome1",
  "letmein1",
  "11111111",
  "abc12345",
  "tunesmith",
]);

/** Kinds of character used: lower case, upper case, digits, anything else (spaces, symbols). */
function characterKinds(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((kind) => kind.test(password)).length;
}

/** One character repeated, or a run up or down the alphabet or digits ("abcdefgh", "87654321"). */
function isMonotonous(password: string): boolean {
  const codes = [...password.toLowerCase()].map((char) => char.codePointAt(0) ?? 0);
  const steps = new Set(codes.slice(1).map((code, index) => code - codes[index]));
  return steps.size === 1 && [...steps].every((step) => Math.abs(step) <= 1);
}

/**
 * Weak: shorter than 8, a common password, one character or a straight run, or under 10 characters
 * of one kind. Strong: 14 or more characters, or 10 or more mixing three kinds. Fair otherwise.
 */
export function passwordStrength(password: string): PasswordStrength {
  const kinds = characterKinds(password);
  if (password.length < 8 || COMMON.has(password.toLowerCase()) || isMonotonous(password)) return "weak";
  if (password.length < 10 && kinds < 2) return "weak";
  if (password.length >= 14 || (password.length >= 10 && kinds >= 3)) return "strong";
  return "fair";
}
