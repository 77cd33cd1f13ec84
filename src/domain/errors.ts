/**
 * An input a domain function cannot compute with (missing, out of range, unknown). `field` names the
 * input (in the caller's vocabulary, e.g. `grossTonnage`) so the HTTP layer can answer 400 naming it.
 */
export class DomainInputError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = "DomainInputError";
  }
}
