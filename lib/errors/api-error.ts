import { defaultMessage, type ErrorCode, errorStatus } from "./error-codes";

export interface ApiErrorOptions {
  message?: string;
  detail?: Record<string, unknown>;
  nextSteps?: Record<string, unknown>;
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * A refusal with one of the codes of error-codes.ts; its status comes from that table. Every
 * surface throws it: the partner API, the recording app, the demo tier, the consoles, the people
 * pages and the CLI.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail?: Record<string, unknown>;
  readonly nextSteps?: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? defaultMessage[code] ?? code.replaceAll("_", " "), { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = errorStatus[code];
    this.detail = options.detail;
    this.nextSteps = options.nextSteps;
    this.headers = options.headers ?? {};
  }

  toEnvelope() {
    return {
      error: { code: this.code, message: this.message, detail: this.detail, next_steps: this.nextSteps },
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
