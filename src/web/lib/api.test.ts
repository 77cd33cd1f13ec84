import { describe, expect, it, vi } from "vitest";
import { PAGE_HEADERS, PAGE_LIMIT_MAX } from "../../contracts/pagination";
import {
  ApiError,
  apiPath,
  apiRequestAllPages,
  errorMessageOf,
  fileNameFromDisposition,
  formatErrorMessage,
  isStepUpRequired,
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

describe("isStepUpRequired", () => {
  const error = (status: number, code: string) =>
    new ApiError(status, "", JSON.stringify({ error: { code, message: "m" } }));
  it.each([
    ["a 403 step_up_required", error(403, "step_up_required"), true],
    ["a 403 of another code (a role)", error(403, "forbidden"), false],
    ["a 400", error(400, "step_up_required"), false],
    ["not an ApiError", new Error("step_up_required"), false],
  ])("%s: %s", (_name, err, expected) => {
    expect(isStepUpRequired(err)).toBe(expected);
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

describe("apiRequestAllPages (contracts/pagination.ts)", () => {
  const page = (body: unknown, next?: string) =>
    new Response(JSON.stringify(body), {
      headers: { "content-type": "application/json", ...(next ? { [PAGE_HEADERS.nextCursor]: next } : {}) },
    });

  it("follows x-next-cursor to the last page and concatenates array answers", async () => {
    const calls: string[] = [];
    const answers = [page([1, 2], "c1"), page([3], "c2"), page([4])];
    vi.stubGlobal("fetch", async (url: string) => {
      calls.push(url);
      return answers.shift()!;
    });
    try {
      expect(await apiRequestAllPages<number[]>("/api/voyages?shipId=3")).toEqual([1, 2, 3, 4]);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(calls).toEqual([
      `/api/voyages?shipId=3&limit=${PAGE_LIMIT_MAX}`,
      `/api/voyages?shipId=3&limit=${PAGE_LIMIT_MAX}&cursor=c1`,
      `/api/voyages?shipId=3&limit=${PAGE_LIMIT_MAX}&cursor=c2`,
    ]);
  });

  it("merges object answers with the caller's merge", async () => {
    const answers = [page({ shares: ["a"], total: 2 }, "c1"), page({ shares: ["b"], total: 2 })];
    vi.stubGlobal("fetch", async () => answers.shift()!);
    type Shares = { shares: string[]; total: number };
    try {
      const all = await apiRequestAllPages<Shares>("/api/shares", {
        merge: (a, b) => ({ ...a, shares: [...a.shares, ...b.shares] }),
      });
      expect(all).toEqual({ shares: ["a", "b"], total: 2 });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
