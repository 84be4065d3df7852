import "server-only";

/** The provider's hosts (spec placeholders `{tour_host}` and `{tour_discover_host}`), from config. */
export interface TourHosts {
  tourHost: string;
  discoverHost: string;
}

export interface TourLink {
  modelId: string;
  /** The stored form: `https://{tour_host}/show/?m=<model_id>`. */
  url: string;
}

export const maxTourUrlLength = 2048;

// The provider's model ids are short alphanumeric strings; anything else cannot name a tour.
const modelIdPattern = /^[A-Za-z0-9]{1,64}$/;

export class TourUrlError extends Error {}

function parse(text: string): URL {
  if (text.length > maxTourUrlLength) throw new TourUrlError(`must be at most ${maxTourUrlLength} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TourUrlError("is not a URL");
  }
  if (url.protocol !== "https:") throw new TourUrlError("must be an https link");
  if (url.username !== "" || url.password !== "") throw new TourUrlError("must not carry credentials");
  if (url.port !== "") throw new TourUrlError("must use the default port");
  return url;
}

function modelIdOf(candidate: string | undefined): string {
  if (candidate === undefined || !modelIdPattern.test(candidate)) throw new TourUrlError("does not name a tour model");
  return candidate;
}

function shareLinkModel(url: URL): string {
  if (url.pathname !== "/show/" && url.pathname !== "/show") throw new TourUrlError("must be a /show/?m=<model_id> share link");
  const ids = url.searchParams.getAll("m");
  if (ids.length !== 1) throw new TourUrlError("must carry exactly one m parameter");
  return modelIdOf(ids[0]);
}

function discoveryLinkModel(url: URL): string {
  const match = /^\/space\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) throw new TourUrlError("must be a /space/<model_id> discovery link");
  return modelIdOf(match[1]);
}

/**
 * Reads a tour link in either accepted form (spec, Home setup: a share link with other query
 * parameters allowed, or a discovery link) and answers the model and the stored share link.
 * Host names compare case-insensitively (URL lowercases them); the model id keeps its case.
 */
export function parseTourUrl(text: string, hosts: TourHosts): TourLink {
  const url = parse(text);
  let modelId: string;
  if (url.hostname === hosts.tourHost) modelId = shareLinkModel(url);
  else if (url.hostname === hosts.discoverHost) modelId = discoveryLinkModel(url);
  else throw new TourUrlError(`must be a link on ${hosts.tourHost} or ${hosts.discoverHost}`);
  return { modelId, url: `https://${hosts.tourHost}/show/?m=${modelId}` };
}
