import "server-only";
/**
 * The cap on every home setup request body (spec, Limits): checked before the body is read,
 * from Content-Length or by counting while it streams. Field limits apply as well.
 */
export const homeSetupBodyLimitBytes = 376_224;
