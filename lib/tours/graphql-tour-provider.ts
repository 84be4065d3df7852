import "server-only";
import { z } from "zod";
import { defaultFetchOptions, type FetchOptions } from "../fetch/fetch-options";
import { fetchToFile } from "../fetch/fetch-to-file";
import { tourImageLimits } from "./tour-image-file";
import { providerStatusFailure, TourProviderError, type TourImageRef, type TourProvider } from "./tour-provider";

export interface GraphqlTourProviderOptions {
  apiUrl: string;
  tokenId?: string;
  tokenSecret?: string;
  /**
   * How image downloads reach the network (lib/fetch). Production leaves it unset: the default,
   * public addresses only; tests admit exactly their fake provider's address.
   */
  fetchOptions?: FetchOptions;
}

const listingTimeoutMs = 20_000;

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
 * HTTP Basic (token id and secret), to the configured TOUR_API_URL; the image URLs are signed,
 * get no credentials, and are fetched by lib/fetch's rules.
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
        throw providerStatusFailure(response.status, "listing the tour's images");
      }
      const parsed = imageryAnswer.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw new TourProviderError("unavailable", "listing the tour's images: the answer was not understood");
      const { data, errors } = parsed.data;
      if (errors?.some((error) => error.extensions?.code === "not.found") || (data && data.model === null)) {
        throw new TourProviderError("not_found", "the provider has no such tour model, or it is not shared with our account");
      }
      if (!data?.model)
        throw new TourProviderError("refused", `listing the tour's images: ${errors?.[0]?.message ?? "no model"}`);
      return data.model.assets.photos
        .filter((photo) => (photo.status ?? "available") === "available" && typeof photo.url === "string")
        .map((photo) => ({ id: photo.id, url: photo.url! }));
    },

    // The signed URL is the provider's answer, not ours: it goes through the same checked core
    // as a partner's photo (https on the default port, no credentials, every address public and
    // the connection pinned to it, each of at most 3 redirects checked the same way), with the
    // tour image limits. Nothing but the plain GET headers is sent.
    downloadImage(image: TourImageRef, tempDir: string) {
      return fetchToFile(image.url, tourImageLimits, { ...(options.fetchOptions ?? defaultFetchOptions()), tempDir });
    },
  };
}
