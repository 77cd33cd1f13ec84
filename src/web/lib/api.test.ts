import { describe, expect, it, vi } from "vitest";
import { PAGE_HEADERS, PAGE_LIMIT_MAX } from "../../contracts/wire-constants";
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

describe("errorMessageOf a 400 (issue 35: it reached the screen as 'The request is invalid')", () => {
  const refused = (message: string, details: { field: string; reason: string }[]) =>
    new ApiError(
      400,
      "Bad Request",
      JSON.stringify({ error: { code: "invalid_request", message, details } }),
    );
  const details = [
    { field: "to", reason: "must be after from" },
    { field: "engine", reason: "must be one of: main, auxiliary, all" },
  ];

  it("names each field and its reason instead of the generic message", () => {
    const text = errorMessageOf(refused("The request is invalid", details));
    expect(text).toBe(
      "The request was not accepted: to must be after from; engine must be one of: main, auxiliary, all.",
    );
    expect(text).not.toContain("The request is invalid");
  });

  it("leaves out the fields a form shows beside its inputs, and says where to look when all are", () => {
    expect(errorMessageOf(refused("The request is invalid", details), ["engine"])).toBe(
      "The request was not accepted: to must be after from.",
    );
    expect(errorMessageOf(refused("The request is invalid", details), ["to", "engine"])).toBe(
      "The request was not accepted: check the fields marked below.",
    );
  });

  it("keeps a message of the server's own, adding only the reasons it does not say", () => {
    const own = "grossTonnage: must be above 0";
    expect(errorMessageOf(refused(own, [{ field: "grossTonnage", reason: "must be above 0" }]))).toBe(own);
    expect(
      errorMessageOf(refused("The request's path is not canonical", [{ field: "path", reason: "has //" }])),
    ).toBe("The request's path is not canonical (path has //)");
  });

  it("leaves other answers as they were", () => {
    const conflict = new ApiError(
      409,
      "Conflict",
      JSON.stringify({
        error: { code: "conflict", message: "Taken", details: [{ field: "email", reason: "x" }] },
      }),
    );
    expect(errorMessageOf(conflict)).toBe("Taken");
    expect(errorMessageOf(new ApiError(400, "Bad Request", ""))).toBe("400: Bad Request");
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
