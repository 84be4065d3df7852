import { checkFetchUrl, fetchHost, type FetchHost } from "./fetch-url";

/** Spec, Limits: a photo URL is up to 2,048 characters. */
export const maxPhotoUrlLength = 2048;

export type PhotoHost = FetchHost;

/** A photo URL (or a redirect target) by the spec's URL rules; throws `invalid_url`. */
export function checkPhotoUrl(text: string, base?: URL): URL {
  return checkFetchUrl(text, { maxLength: maxPhotoUrlLength }, base);
}

export const photoHost = fetchHost;
