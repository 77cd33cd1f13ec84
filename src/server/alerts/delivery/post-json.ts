/**
 * One bounded JSON POST for webhooks and the SMS gateway: Node's http/https with a lookup that only connects
 * to checked addresses (public-address.ts), no redirects followed (a redirect could point anywhere), the
 * whole call given up after `timeoutMs`, and any answer but 2xx an error naming the status.
 */
import http from "node:http";
import https from "node:https";
import { publicOnlyLookup, resolvePublicHost } from "./public-address";

export type PostOptions = { timeoutMs: number; allowPrivate: boolean; headers?: Record<string, string> };

/** How much of an error answer's body is kept for the delivery log. */
const ERROR_BODY_CHARS = 200;

export async function postJson(
  target: string,
  body: string,
  options: PostOptions,
): Promise<{ status: number }> {
  const url = new URL(target);
  // IP literals skip `lookup` in Node's connect: check them (and fail early on names) before connecting.
  await resolvePublicHost(url.hostname, options.allowPrivate);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: publicOnlyLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body).toString(),
          "user-agent": "Sextant-Alerts/1",
          ...options.headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < ERROR_BODY_CHARS) text += chunk;
        });
        response.on("error", reject);
        response.on("end", () => {
          if (status >= 200 && status < 300) resolve({ status });
          else {
            const excerpt = text.slice(0, ERROR_BODY_CHARS).trim();
            const redirect = status >= 300 && status < 400 ? " (redirects are not followed)" : "";
            reject(new Error(`answered ${status}${redirect}${excerpt ? `: ${excerpt}` : ""}`));
          }
        });
      },
    );
    const deadline = setTimeout(() => {
      request.destroy(new Error(`did not answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    deadline.unref();
    request.on("timeout", () => request.destroy(new Error(`did not answer within ${options.timeoutMs} ms`)));
    request.on("error", reject);
    request.on("close", () => clearTimeout(deadline));
    request.end(body);
  });
}
