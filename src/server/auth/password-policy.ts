/**
 * Refuses guessable passwords (NIST SP 800-63B §5.1.1.2: check new passwords against lists of commonly used,
 * expected or compromised values, and repetitive or sequential characters). The check is zxcvbn-ts with its
 * maintained common-password and name dictionaries (@zxcvbn-ts/language-common), on the server only (the
 * dictionaries are ~2 MB, too heavy for the browser bundle). A password needs zxcvbn's score 3 ("safely
 * unguessable", about 10^8 guesses or more): 'password12', '1234567890' and ten spaces score 0–1.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import { badRequest } from "../http/errors";

export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
const zxcvbn = () => {
  factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return factory;
};

/**
 * Throws a 400 naming `field` when the password is too easy to guess, also from the user's own details
 * (`userInputs`: email, names, organisation).
 */
export function assertStrongPassword(password: string, userInputs: string[], field = "password"): void {
  const result = zxcvbn().check(password, userInputs.filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return;
  throw badRequest([
    {
      field,
      reason: "is too easy to guess (a common password, a pattern or your own details); use a longer phrase",
    },
  ]);
}
