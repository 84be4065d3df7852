import "server-only";
import { omitEmpty } from "../http/omit";

/**
 * Why a pull ended `failed` (the run's `error.code`). The spec leaves feed codes to us; each
 * names one rule of the hosted-feed contract, so a partner can tell from the code alone what
 * to fix. `detail.page` (1-based) names the page whenever one is involved.
 */
export const feedErrorMeaning = {
  feed_connect_failed:
    "The feed could not be reached (no answer within 20 seconds, whatever the cause), or the " +
    "connection broke mid-page. The detail is the same whatever happened; staff see the cause.",
  feed_timeout: "The feed answered but the page did not arrive within 20 seconds (headers and body together).",
  feed_insecure_url:
    "The feed URL is plain `http` to a host that is not loopback; the secret is only ever sent over " +
    "`https`. Nothing was sent. Staff must set an `https` URL.",
  feed_redirect: "The feed answered a redirect (`3xx`); redirects are not followed. `detail.status`.",
  feed_http_status: "The feed answered something other than `200`. `detail.status`.",
  feed_too_large: "The pages together exceeded 20 MiB (`detail.limit_bytes`); reading stopped there.",
  feed_too_many_pages: "The feed asked for a page beyond the 200th (`detail.limit_pages`).",
  feed_empty_response:
    "A `200` with an empty body, `{}`, `[]` or `null`. An intentionally empty roster is " +
    "`complete: true, total_count: 0, properties: []`.",
  feed_invalid_json: "A page is not valid UTF-8 JSON (`detail.message` says which, never what the page held).",
  feed_invalid_page:
    "A page breaks the push body's rules or carries an unknown field. `detail.parameter` names the " +
    "field (e.g. `properties[3].address`), `detail.index` and `detail.property_id` the item within the page, " +
    "`detail.problem` is `missing_parameter` or `invalid_request`.",
  feed_inconsistent_pages:
    "The pages disagree: `total_count` or `observed_at` differs from the first page " +
    "(`detail.field`), or the pages' properties do not add up to `total_count` (`detail.received`).",
  feed_repeated_cursor: "A page returned a `next_cursor` that an earlier page already returned.",
  feed_too_many_properties: "`total_count` is above the partner's roster cap (`detail.limit`), as for a push.",
  roster_duplicate_property:
    "A `property_id` appears more than once across the pages; " +
    "`detail.duplicate_property_ids` lists them (up to 100), `detail.page` and `detail.index` the first repeat.",
  internal_error: "A failure on the service side; nothing changed. The next scheduled or manual sync tries again.",
} as const;

export type FeedErrorCode = keyof typeof feedErrorMeaning;

/**
 * A pull that must end `failed`: nothing is applied, the code and `detail` go on the run, which
 * the partner reads. `staffDetail` is what the fetch actually saw (a parser's message quoting
 * the body, the connection error that tells a closed port from a filtered one): it goes on the
 * feed's `last_error_detail`, shown by `feed show`, and in the logs, never on the run.
 */
export class FeedError extends Error {
  readonly code: FeedErrorCode;
  readonly detail: Record<string, unknown>;
  readonly staffDetail: Record<string, unknown>;

  constructor(code: FeedErrorCode, detail: Record<string, unknown> = {}, staffDetail: Record<string, unknown> = detail) {
    super(`${code}: ${feedErrorMeaning[code]}`);
    this.name = "FeedError";
    this.code = code;
    // Stored on the run and shown to the partner: the omit rule applies to it too.
    this.detail = omitEmpty(detail) as Record<string, unknown>;
    this.staffDetail = omitEmpty(staffDetail) as Record<string, unknown>;
  }
}
