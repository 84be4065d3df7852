import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import { z } from "zod";
import { TourProviderError, type TourImageBody, type TourImageRef, type TourProvider } from "./tour-provider";

export interface GraphqlTourProviderOptions {
  apiUrl: string;
  tokenId?: string;
  tokenSecret?: string;
}

const listingTimeoutMs = 20_000;
/** For headers and body together. */
const imageTimeoutMs = 60_000;

// The provider's Model API: a model's photos, each with a short-lived signed download URL.
const imageryQuery = `query tourImagery($modelId: ID!) {
  model(id: $modelId) { id assets { photos { id status url } } }
}`;

const imageryAnswer = z.object({
  data: z
    .object({
      model: z
        .object({
          assets: z.object({
            photos: z.array(z.object({ id: z.string(), status: z.string().nullish(), url: z.string().nullish() })),
          }),
        })
        .nullable(),
    })
    .nullish(),
  errors: z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string() }).partial().nullish() })).nullish(),
});

function statusFailure(status: number, what: string): TourProviderError {
  if (status === 401 || status === 403) return new TourProviderError("refused", `${what}: the provider refused our credentials (${status})`);
  if (status === 404) return new TourProviderError("not_found", `${what}: not found (404)`);
  if (status === 408 || status === 429 || status >= 500) return new TourProviderError("unavailable", `${what}: HTTP ${status}`);
  return new TourProviderError("refused", `${what}: HTTP ${status}`);
}

async function send(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "could not connect";
    throw new TourProviderError("unavailable", `${what}: ${reason}`);
  }
}

/**
 * The production provider client: one GraphQL call lists a model's photos, then each photo is
 * downloaded from the signed URL the provider returned. Credentials go only to the API, as
 * HTTP Basic (token id and secret); the image URLs are signed and get no credentials.
 */
export function graphqlTourProvider(options: GraphqlTourProviderOptions): TourProvider {
  return {
    async listImages(modelId: string): Promise<TourImageRef[]> {
      if (options.tokenId === undefined || options.tokenSecret === undefined) {
        throw new TourProviderError("refused", "TOUR_API_TOKEN_ID and TOUR_API_TOKEN_SECRET are not configured");
      }
      const credentials = Buffer.from(`${options.tokenId}:${options.tokenSecret}`).toString("base64");
      const response = await send(
        options.apiUrl,
        {
          method: "POST",
          headers: { authorization: `Basic ${credentials}`, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ query: imageryQuery, variables: { modelId } }),
          // The API answers in place; a redirect would carry the credentials elsewhere.
          redirect: "error",
          signal: AbortSignal.timeout(listingTimeoutMs),
        },
        "listing the tour's images",
      );
      if (response.status !== 200) {
        await response.body?.cancel();
        throw statusFailure(response.status, "listing the tour's images");
      }
      const parsed = imageryAnswer.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw new TourProviderError("unavailable", "listing the tour's images: the answer was not understood");
      const { data, errors } = parsed.data;
      if (errors?.some((error) => error.extensions?.code === "not.found") || (data && data.model === null)) {
        throw new TourProviderError("not_found", "the provider has no such tour model, or it is not shared with our account");
      }
      if (!data?.model) throw new TourProviderError("refused", `listing the tour's images: ${errors?.[0]?.message ?? "no model"}`);
      return data.model.assets.photos
        .filter((photo) => (photo.status ?? "available") === "available" && typeof photo.url === "string")
        .map((photo) => ({ id: photo.id, url: photo.url! }));
    },

    async openImage(image: TourImageRef): Promise<TourImageBody> {
      if (!image.url.startsWith("https://")) throw new TourProviderError("refused", "the provider listed an image that is not https");
      // A CDN may redirect a signed URL; the request carries no credentials, and the end must be https.
      const response = await send(image.url, { redirect: "follow", signal: AbortSignal.timeout(imageTimeoutMs) }, `image ${image.id}`);
      if (!response.url.startsWith("https://")) {
        await response.body?.cancel();
        throw new TourProviderError("refused", `image ${image.id} was redirected off https`);
      }
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel();
        throw statusFailure(response.status, `image ${image.id}`);
      }
      const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      return { contentType, body: Readable.fromWeb(response.body as ReadableStream<Uint8Array>) };
    },
  };
}
