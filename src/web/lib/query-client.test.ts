import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { createQueryClient } from "./query-client";

describe("createQueryClient (spec §7 query behaviour)", () => {
  it("never retries, never refetches on focus or reconnect, never goes stale", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    });
    expect(mutations).toMatchObject({ retry: false });
  });

  it("reports a 401 from any query as the end of the session", async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({
        queryKey: ["ships"],
        queryFn: () => Promise.reject(new ApiError(401, "Unauthorized", "")),
      })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledWith(client);
  });

  it("does not report other failures", async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({ queryKey: ["x"], queryFn: () => Promise.reject(new ApiError(404, "Not Found", "")) })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
