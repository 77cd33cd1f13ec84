import { describe, expect, it } from "vitest";
import { DomainInputError } from "../../domain/errors";
import { isDatabaseUnavailable } from "../db/unavailable";
import { ApiError } from "../http/errors";
import { fromWireError, toWireError } from "./thread-errors";

/** Through structuredClone, as postMessage carries it. */
const carried = (err: unknown) => fromWireError(structuredClone(toWireError(err)));

describe("an error carried from a report thread", () => {
  it("stays an ApiError with its status, code and details", () => {
    const err = carried(
      new ApiError(404, "not_found", "Ship not found", [{ field: "shipId", reason: "unknown" }]),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ statusCode: 404, code: "not_found", message: "Ship not found" });
    expect((err as ApiError).details).toEqual([{ field: "shipId", reason: "unknown" }]);
  });

  it("stays a DomainInputError naming its field", () => {
    const err = carried(new DomainInputError("grossTonnage", "is required"));
    expect(err).toBeInstanceOf(DomainInputError);
    expect(err).toMatchObject({ field: "grossTonnage", reason: "is required" });
  });

  it("keeps a driver error's code in its causes, so a database away is still a 503", () => {
    const driver = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    const wrapped = new Error("Failed query: select 1", { cause: driver });
    const err = carried(wrapped);
    expect(err.message).toBe("Failed query: select 1");
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(carried(new Error("a bug")))).toBe(false);
  });
});
