import { ApiError } from "../errors/api-error";

/**
 * How long a caller is asked to wait when a dependency (PostgreSQL, the media store) is away: a
 * restart or a failover takes seconds, and clients that all come back at once after a longer
 * outage are spread by their own backoff.
 */
export const unavailableRetryAfterSeconds = 5;

/** The `503 service_unavailable` of a call that needs a dependency that is away (README: errors). */
export function dependencyUnavailable(cause: unknown, message?: string): ApiError {
  return new ApiError("service_unavailable", {
    ...(message !== undefined && { message }),
    headers: { "Retry-After": String(unavailableRetryAfterSeconds) },
    cause,
  });
}
