import "server-only";
import { checkFetchUrl } from "../../fetch/fetch-url";
import { FetchRefusal } from "../../fetch/fetch-refusal";
import { decryptSecret, encryptSecret } from "../../secrets/encryption";

export const maxCalendarUrlLength = 2048;
const purpose = "ical-calendar-url";

/**
 * A calendar URL under the fetcher's own rules (https on the default port, no credentials, at
 * most 2,048 characters); `webcal://`, which the platforms print, is its https form. Answers the
 * URL to store, or the reason it is refused. Whether the host is public is decided at each fetch.
 */
export function checkCalendarUrl(text: string): { url: string } | { refused: string } {
  const value = text.trim().replace(/^webcals?:\/\//i, "https://");
  try {
    return { url: checkFetchUrl(value, { maxLength: maxCalendarUrlLength }).href };
  } catch (error) {
    if (error instanceof FetchRefusal) return { refused: error.message.replace(/^invalid_url: /, "") };
    throw error;
  }
}

// Export links carry the platform's access token, so they are kept like secrets and shown by host only.
export const encryptCalendarUrl = (url: string) => encryptSecret(url, purpose);
export const decryptCalendarUrl = (stored: string) => decryptSecret(stored, purpose);
export const calendarHost = (url: string) => new URL(url).host;
