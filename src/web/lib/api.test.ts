import { describe, expect, it } from "vitest";
import {
  ApiError,
  apiPath,
  errorMessageOf,
  fileNameFromDisposition,
  formatErrorMessage,
  parseErrorBody,
} from "./api";

describe("formatErrorMessage (spec §8 generic form)", () => {
  it.each([
    ["uses the body text when there is one", 404, "Not Found", "no such ship", "404: no such ship"],
    ["falls back to the status text when the body is empty", 502, "Bad Gateway", "", "502: Bad Gateway"],
    ["keeps a JSON body verbatim", 401, "Unauthorized", '{"error":{}}', '401: {"error":{}}'],
  ])("%s", (_rule, status, statusText, body, expected) => {
    expect(formatErrorMessage(status, statusText, body)).toBe(expected);
  });
});

describe("parseErrorBody", () => {
  it("reads the envelope with field details", () => {
    const body = JSON.stringify({
      error: {
        code: "bad_request",
        message: "Invalid",
        details: [{ field: "email", reason: "is required" }],
      },
    });
    expect(parseErrorBody(body)).toEqual({
      error: {
        code: "bad_request",
        message: "Invalid",
        details: [{ field: "email", reason: "is required" }],
      },
    });
  });

  it.each([
    ["an empty body", ""],
    ["HTML", "<html>oops</html>"],
    ["JSON without an error object", '{"message":"x"}'],
    ["an error without a code", '{"error":{"message":"x"}}'],
  ])("is null for %s", (_name, text) => {
    expect(parseErrorBody(text)).toBeNull();
  });
});

describe("ApiError", () => {
  it("keeps the generic message and exposes the server's message and field errors", () => {
    const body = JSON.stringify({
      error: {
        code: "unauthorized",
        message: "Invalid email or password",
        details: [{ field: "password", reason: "wrong" }],
      },
    });
    const error = new ApiError(401, "Unauthorized", body);
    expect(error.message).toBe(`401: ${body}`);
    expect(error.serverMessage).toBe("Invalid email or password");
    expect(error.details).toEqual([{ field: "password", reason: "wrong" }]);
    expect(errorMessageOf(error)).toBe("Invalid email or password");
  });

  it("falls back to the generic message when the body is not an envelope", () => {
    const error = new ApiError(503, "Service Unavailable", "");
    expect(error.serverMessage).toBe("503: Service Unavailable");
    expect(error.details).toEqual([]);
  });
});

describe("apiPath", () => {
  it("joins and encodes segments", () => {
    expect(apiPath("api", "dashboard", 3)).toBe("/api/dashboard/3");
    expect(apiPath("api", "x y")).toBe("/api/x%20y");
  });
});

describe("fileNameFromDisposition", () => {
  it.each([
    [
      "reads a quoted file name",
      'attachment; filename="sextant-bulk-template.xlsx"',
      "sextant-bulk-template.xlsx",
    ],
    ["reads an unquoted file name", "attachment; filename=template.xlsx", "template.xlsx"],
    [
      "prefers the encoded filename*",
      "attachment; filename=\"a.xlsx\"; filename*=UTF-8''b%20c.xlsx",
      "b c.xlsx",
    ],
    ["gives null without a header", null, null],
    ["gives null without a file name", "inline", null],
  ])("%s", (_rule, header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});
