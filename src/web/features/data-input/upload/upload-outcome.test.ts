import { describe, expect, it } from "vitest";
import { outcomeView } from "./upload-outcome";

describe("upload outcome", () => {
  it.each([
    ["ok", true, "Bulk Upload Success", "default"],
    ["partial", true, "Upload Completed with Errors", "default"],
    ["failed", true, "Bulk Upload Failed", "destructive"],
    ["ok", false, "Upload Successful", "default"],
    ["partial", false, "Upload Completed with Errors", "default"],
    ["failed", false, "Upload Failed", "destructive"],
  ] as const)("%s (bulk %s): %s, %s toast", (outcome, bulk, title, variant) => {
    expect(outcomeView(outcome, bulk)).toMatchObject({ title, toastVariant: variant });
  });
});
