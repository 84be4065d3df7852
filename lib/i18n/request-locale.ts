import Negotiator from "negotiator";
import { defaultLocale, isPageLocale, type PageLocale, pseudoLocale, rememberedLocale } from "./locales";
import { pickLocale } from "./pick-locale";

/*
 * The language a page is rendered in, decided once per request by the front door
 * (lib/server/front-door.ts) and handed to the layouts in a request header, so `<html lang>` and
 * the page's words agree from the first byte. Only pages that have catalogues are localised;
 * every other page is English and says so.
 */

export const pageLocaleHeader = "x-walkthrough-locale";

// The recorder's pages (not its API): the home page and every recording link.
const localisedPaths = [/^\/r(\/[^/]+)?\/?$/];

export function isLocalisedPath(pathname: string): boolean {
  return localisedPaths.some((pattern) => pattern.test(pathname));
}

// The sign-in, report and people pages: their words are in the catalogue, English only for now.
const englishFirstPaths = [
  /^\/sign-in(\/|$)/,
  /^\/reports\/[^/]+\/?$/,
  /^\/home\/?$/,
  /^\/homes\/[^/]+\/?$/,
  /^\/people\/?$/,
  /^\/workspaces\/[^/]+\/people\/?$/,
  /^\/settings\/?$/,
];

/**
 * The language a page is rendered in, or none for a page that is English only. The English-first
 * pages follow the pseudo-locale alone (a test's cookie, never a real choice), so a test can see
 * any of their text that bypassed the catalogue before they are translated.
 */
export function pageLocaleFor(
  pathname: string,
  headers: { cookie?: string; "accept-language"?: string },
): PageLocale | undefined {
  if (isLocalisedPath(pathname)) return requestLocale(headers);
  if (englishFirstPaths.some((pattern) => pattern.test(pathname)) && rememberedLocale(headers.cookie) === pseudoLocale)
    return pseudoLocale;
  return undefined;
}

/** The phone's remembered choice first, then the languages its browser asks for. */
export function requestLocale(headers: { cookie?: string; "accept-language"?: string }): PageLocale {
  const remembered = rememberedLocale(headers.cookie);
  if (isPageLocale(remembered)) return remembered;
  const asked = new Negotiator({ headers: { "accept-language": headers["accept-language"] ?? "" } }).languages();
  return asked.length === 0 ? defaultLocale : pickLocale(asked);
}
