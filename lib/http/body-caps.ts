import { maxPhotosPerImport } from "../baseline-photos/schemas";
import { maxPhotoBytes } from "../fetch/photo-limits";
import { homeSetupBodyLimitBytes } from "../properties/home-setup";

/*
 * The most a request body may hold outside the partner API, by route family, enforced at the
 * front door (lib/server/front-door.ts) before any router reads a byte: next-auth and Next read
 * whole bodies into memory, and the session JSON routes call `request.json()`.
 */

/** next-auth, the signed-in pages' JSON calls, the consoles, pages, the demo's JSON, the recorder's JSON. */
export const sessionBodyCapBytes = 64 * 1024;

// A manager's baseline photo upload: its files (each capped by the route) and the multipart framing.
const photoUploadCapBytes = maxPhotosPerImport * maxPhotoBytes + 1024 * 1024;

/**
 * Routes that stream a large body and cap it themselves, so one number lives in one place:
 * the partner API (each operation's own cap, with the spec's error), the recorder's parts and
 * tap stills, and the demo's video upload.
 */
const capsItself: RegExp[] = [
  /^\/v1(\/|$)/,
  /^\/connectors(\/|$)/,
  /^\/r\/[^/]+\/api\/parts\/[^/]+$/,
  /^\/r\/[^/]+\/api\/taps\/[^/]+\/still$/,
  /^\/demo\/videos$/,
];

const larger: [RegExp, number][] = [
  [/^\/api\/properties\/[^/]+\/baseline-photos$/, photoUploadCapBytes],
  // A company checklist is the partner API's checklist body, so it gets that cap.
  [/^\/api\/console\/partners\/[^/]+\/workspaces\/[^/]+\/checklists\/[^/]+$/, homeSetupBodyLimitBytes],
];

/** The cap on a request body to `pathname`, or undefined where the route enforces its own. */
export function bodyCapFor(pathname: string): number | undefined {
  if (capsItself.some((pattern) => pattern.test(pathname))) return undefined;
  return larger.find(([pattern]) => pattern.test(pathname))?.[1] ?? sessionBodyCapBytes;
}
