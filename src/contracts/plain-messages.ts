/**
 * Plain words for zod's own messages, in one place. A schema's own message ("must be a 7-digit IMO
 * number") always wins; where a schema gives none, zod would say "Invalid input: expected string, received
 * undefined" or "Too small: expected number to be >=0", which a form must never show. `plainIssueMessage`
 * answers every issue code instead, with the field left out (forms and 400s show it beside the field name):
 * "is required", "must be a number", "must be one of: HFO, MGO". Installed once, globally, by
 * `installPlainMessages` (the web at start; zod consults it only for issues whose schema has no message).
 */
import { z } from "zod";

/** Words for zod's type names ("expected number" → "must be a number"). */
const TYPE_WORDS: Record<string, string> = {
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  string: "text",
  boolean: "true or false",
  date: "a date",
  array: "a list",
  object: "a set of fields",
};

/** Words for zod's string formats. */
const FORMAT_WORDS: Record<string, string> = {
  email: "an email address",
  url: "a web address",
  uuid: "an identifier (UUID)",
  datetime: "an ISO 8601 date-time",
  date: "an ISO 8601 date",
  time: "a time of day",
};

const MAX_LISTED_OPTIONS = 12;

/** "must be at least 3 characters" / "must be greater than 0" / "must have at most 20 items". */
function bound(
  kind: "least" | "most",
  origin: string,
  limit: unknown,
  inclusive: boolean | undefined,
): string {
  const n = String(limit);
  if (origin === "string") return `must be ${kind === "least" ? "at least" : "at most"} ${n} characters`;
  if (origin === "array" || origin === "set")
    return `must have ${kind === "least" ? "at least" : "at most"} ${n} items`;
  if (inclusive === false) return `must be ${kind === "least" ? "greater" : "less"} than ${n}`;
  return `must be ${kind === "least" ? "at least" : "at most"} ${n}`;
}

/** The plain reason of one zod issue, without the field name; never zod's "expected …, received …". */
export function plainIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null || issue.input === "") return "is required";
      return `must be ${TYPE_WORDS[issue.expected] ?? "of another kind"}`;
    }
    case "invalid_value": {
      const options = issue.values.map(String);
      if (options.length === 1) return `must be ${options[0]}`;
      const listed = options.slice(0, MAX_LISTED_OPTIONS).join(", ");
      return `must be one of: ${listed}${options.length > MAX_LISTED_OPTIONS ? ", …" : ""}`;
    }
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "is required";
      return bound("least", issue.origin, issue.minimum, issue.inclusive);
    case "too_big":
      return bound("most", issue.origin, issue.maximum, issue.inclusive);
    case "invalid_format":
      return `must be ${FORMAT_WORDS[issue.format] ?? "in the expected format"}`;
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return "is not a known field";
    default:
      // invalid_union, invalid_key, invalid_element, custom: no detail worth more than this.
      return "is not valid";
  }
}

/** Makes `plainIssueMessage` zod's message for every issue whose schema has no message of its own. */
export function installPlainMessages(): void {
  z.config({ customError: plainIssueMessage });
}
