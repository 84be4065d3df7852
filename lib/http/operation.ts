import type { z } from "zod";
import type { DocumentedErrorCode } from "../errors/error-codes";
import type { Caller } from "./auth";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const httpMethods: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type AnyObject = z.ZodObject<z.ZodRawShape>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface OperationContext<P, Q, H, B> {
  request: Request;
  requestId: string;
  caller: Caller;
  params: Out<P>;
  query: Out<Q>;
  headers: Out<H>;
  body: Out<B>;
  /** The body exactly as received (empty without a body schema). */
  bodyText: string;
}

export interface ReplayContext<Q, H> {
  caller: Caller;
  query: Out<Q>;
  headers: Out<H>;
  bodyText: string;
}

export interface OperationResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
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

export interface OperationSpec<P, Q, H, B> {
  method: HttpMethod;
  /** OpenAPI form, e.g. `/v1/workspaces/{workspace_id}`; params are read from the raw URL by it. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** Cap checked before the body is read; defaults to `defaultBodyLimitBytes`. */
  bodyLimitBytes?: number;
  params?: P;
  query?: Q;
  headers?: H;
  body?: B;
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
  handler(context: OperationContext<P, Q, H, B>): Promise<OperationResult>;
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of operations of any shape
export type AnyOperation = OperationSpec<any, any, any, any>;
