import type { z } from "zod";
import type { DocumentedErrorCode } from "../errors/error-codes";
import type { AuthKind, CallerOf } from "./auth/callers";
import type { RateLimitBucket } from "./rate-limit";

export type { AuthKind } from "./auth/callers";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const httpMethods: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type AnyObject = z.ZodObject<z.ZodRawShape>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface OperationContext<P, Q, H, B, A extends AuthKind = "partnerKey"> {
  request: Request;
  requestId: string;
  /** Who is calling, as the operation's `auth` found them (lib/http/auth/). */
  caller: CallerOf<A>;
  params: Out<P>;
  query: Out<Q>;
  headers: Out<H>;
  body: Out<B>;
  /** The body exactly as received (empty without a body schema). */
  bodyText: string;
}

export interface ReplayContext<Q, H> {
  caller: CallerOf<"partnerKey">;
  query: Out<Q>;
  headers: Out<H>;
  bodyText: string;
}

export interface OperationResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** A file, not the surface's JSON (the report PDF): answered as it is, `status`, `body` and `headers` unused. */
  file?: Response;
}

export interface ResponseSpec {
  description: string;
  schema: z.ZodType;
}

/** One documented `detail` key: a JSON Schema of a string. */
export interface ErrorDetailKey {
  type: "string";
  enum?: string[];
  description: string;
}

/**
 * One call of any surface, served by lib/http/route-handlers.ts: who may call (`auth`), the body
 * cap, the rate-limit bucket, and zod schemas for path, query, headers and body; the handler gets
 * them parsed, in the spec's order of checks (who is calling, how often, then what they sent).
 */
export interface RouteSpec<P, Q, H, B, A extends AuthKind> {
  method: HttpMethod;
  /** OpenAPI form, e.g. `/v1/workspaces/{workspace_id}`; params are read from the raw URL by it. */
  path: string;
  /**
   * `partnerKey` (partner API), `recorderToken` (the recording app's link), `session` (a signed-in
   * person), `staff` and `partnerUser` (the consoles: a session and the console role), `none`.
   */
  auth: A;
  /** The bucket each call counts against, for the caller `auth` names; defaults to the auth's (lib/http/auth/). */
  rateLimit?: RateLimitBucket;
  /** Cap checked before the body is read; defaults to `defaultBodyLimitBytes`. */
  bodyLimitBytes?: number;
  /**
   * For session routes: the body's format, which the CSRF check requires (a form on another site
   * can send neither JSON nor, with the session cookie, a multipart upload); defaults to `json`.
   */
  bodyFormat?: "json" | "multipart";
  params?: P;
  query?: Q;
  headers?: H;
  body?: B;
  handler(context: OperationContext<P, Q, H, B, A>): Promise<OperationResult>;
}

/** A partner API operation: a route that the OpenAPI document and llms.txt describe. */
export interface OperationSpec<P, Q, H, B> extends RouteSpec<P, Q, H, B, "partnerKey"> {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  responses: Record<number, ResponseSpec>;
  /** Error codes this operation can answer besides the ones every partner call can. */
  errors: DocumentedErrorCode[];
  /**
   * `detail` keys some of this operation's refusals add, by status, for the OpenAPI document (the
   * shared ones, like `parameter` on a 400, are documented for every operation).
   */
  errorDetail?: Partial<Record<number, Record<string, ErrorDetailKey>>>;
  /**
   * "in-handler": a paused partner is not refused before the handler runs; the handler calls
   * `assertPartnerActive` where the spec's order of refusals puts `partner_disabled`.
   */
  partnerCheck?: "in-handler";
  /**
   * "in-handler": the pipeline does not check the key may reach the workspace (lib/workspaces/
   * workspace-kind.ts); the handler does, in its own read of the workspace, before anything it
   * could refuse first, so every answer stays the pipeline's (one query fewer on a hot call).
   */
  reachCheck?: "in-handler";
  /**
   * For idempotent creates: answers a byte-identical retry before its body is parsed and
   * validated, or returns undefined to go on as usual. It must answer only what the full
   * path would answer for the same bytes.
   */
  replay?(context: ReplayContext<Q, H>): Promise<OperationResult | undefined>;
}

// Bodies of ordinary partner calls are small; endpoints that take more say so.
export const defaultBodyLimitBytes = 64 * 1024;

/** Error codes every authenticated partner call can answer. */
export const commonErrors: DocumentedErrorCode[] = [
  "invalid_key",
  "key_revoked",
  "partner_disabled",
  "too_many_requests",
  "internal_error",
  "service_unavailable",
];

export function defineOperation<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  H extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: OperationSpec<P, Q, H, B>): OperationSpec<P, Q, H, B> {
  return spec;
}

/** A route of the recording app, the demo tier, the people pages or a console (not in the OpenAPI document). */
export function defineRoute<
  A extends Exclude<AuthKind, "partnerKey">,
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  H extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<P, Q, H, B, A>): RouteSpec<P, Q, H, B, A> {
  return spec;
}

/** A 200 answer with `body`, for handlers whose only answer is that. */
export const ok = (body: unknown): OperationResult => ({ status: 200, body });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of operations of any shape
export type AnyOperation = OperationSpec<any, any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of routes of any shape and surface
export type AnyRoute = RouteSpec<any, any, any, any, AuthKind>;
