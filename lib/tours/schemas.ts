import "server-only";
import { z } from "zod";
import { config } from "../config";
import type { CustomIssueParams } from "../http/validation";
import { baselinePhotosPathParams, baselinePhotosQuery } from "../baseline-photos/schemas";
import { requiredText } from "../validation/text";
import { maxTourUrlLength, parseTourUrl, type TourHosts, type TourLink, TourUrlError } from "./tour-url";

export function configuredTourHosts(): TourHosts {
  const settings = config();
  return { tourHost: settings.TOUR_HOST, discoverHost: settings.TOUR_DISCOVER_HOST };
}

export const tourPathParams = baselinePhotosPathParams;
export const tourQuery = baselinePhotosQuery;

export const setTourBody = z
  .strictObject({
    // Parsed once, here: the handler receives the model id and the stored share link.
    url: requiredText(maxTourUrlLength)
      .transform((value, ctx): TourLink => {
        try {
          return parseTourUrl(value, configuredTourHosts());
        } catch (error) {
          if (!(error instanceof TourUrlError)) throw error;
          const params: CustomIssueParams = { code: "invalid_request" };
          ctx.addIssue({ code: "custom", message: error.message, params });
          return z.NEVER;
        }
      })
      .meta({
        description:
          "A share link `https://{tour_host}/show/?m=<model_id>` (other query parameters allowed) or a discovery " +
          "link `https://{tour_discover_host}/space/<model_id>`; `https` on the default port, no credentials, up to " +
          "2,048 characters. Stored as `https://{tour_host}/show/?m=<model_id>`.",
      }),
  })
  .meta({ id: "SetTourRequest" });

export type SetTourBody = z.output<typeof setTourBody>;

const tourState = z.object({
  url: z.string().meta({ description: "The stored share link, `https://{tour_host}/show/?m=<model_id>`." }),
  state: z.enum(["importing", "imported"]),
});

export const tourRecord = z
  .object({ workspace_id: z.string(), property_id: z.string(), tour: tourState })
  .meta({ id: "HomeTour" });

export const removedTourRecord = z
  .object({ workspace_id: z.string(), property_id: z.string(), tour: z.object({ state: z.literal("none") }) })
  .meta({ id: "RemovedHomeTour" });
