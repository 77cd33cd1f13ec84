import { ApiError, errorMessageOf } from "../../../lib/api";
import { ErrorAlert } from "../../../ui/alert";

/** A refused upload: the server's message (else `fallback`), the raw status line, and any field details. */
export function UploadErrorAlert({
  error,
  fallback,
  testId,
}: {
  error: unknown;
  fallback: string;
  testId: string;
}) {
  const api = error instanceof ApiError ? error : null;
  return (
    <ErrorAlert data-testid={testId}>
      {api?.body?.error.message ?? fallback}
      {api && api.body === null ? <span className="block text-xs">{errorMessageOf(api)}</span> : null}
      {api && api.details.length > 0 ? (
        <ul className="mt-1 list-disc pl-4 text-xs">
          {api.details.map((d) => (
            <li key={`${d.field} ${d.reason}`}>
              {d.field}: {d.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </ErrorAlert>
  );
}

/** The server's own message of a failed call, else the specification's fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.body?.error.message ?? fallback) : fallback;
}
