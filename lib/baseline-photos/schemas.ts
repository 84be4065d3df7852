import "server-only";
import { z } from "zod";
import { workspaceQuery } from "../roster/schemas";
import { requiredText } from "../validation/text";

export const maxPhotosPerImport = 25;

export const photoFetchReasons = [
  "invalid_url",
  "dns_failed",
  "private_address",
  "connect_failed",
  "too_many_redirects",
  "http_status",
  "unsupported_content_type",
  "content_mismatch",
  "too_large",
  "timeout",
  "upload_failed",
  "fetch_failed",
] as const;

export type PhotoImportReason = (typeof photoFetchReasons)[number];

export const importPhotosBody = z
  .strictObject({
    photos: z
      .array(
        z
          .strictObject({
            // Blank is a missing field (400); any other bad URL is that photo's `invalid_url`.
            url: z
              .string()
              .refine((value) => value.trim() !== "", { params: { code: "missing_parameter" }, message: "is required" })
              .meta({
                description:
                  "`https` on the default port, up to 2,048 characters, no credentials. A URL that breaks these rules is " +
                  "not a `400`: that photo alone is refused with reason `invalid_url` and the rest of the batch goes on. " +
                  "A blank `url` is `400 missing_parameter` naming it.",
              }),
          })
          .meta({ id: "BaselinePhotoRequest" }),
      )
      .min(1, { error: "must hold at least one photo" })
      .max(maxPhotosPerImport, { error: `must hold at most ${maxPhotosPerImport} photos` })
      .meta({ description: `1 to ${maxPhotosPerImport} photos. A repeated photo counts toward the ${maxPhotosPerImport}.` }),
  })
  .meta({ id: "ImportBaselinePhotosRequest" });

export type ImportPhotosBody = z.output<typeof importPhotosBody>;

const propertyIdParam = requiredText(200).meta({ description: "The caller's property id, percent-encoded as one path segment." });

export const baselinePhotosPathParams = z.object({ property_id: propertyIdParam });
export const photoImportPathParams = z.object({
  property_id: propertyIdParam,
  import_id: requiredText(200).meta({ description: "The `import_id` answered by the POST." }),
});
export const baselinePhotosQuery = workspaceQuery;

const importState = z.enum(["importing", "imported", "failed"]);

export const photoImportCreated = z
  .object({
    workspace_id: z.string(),
    property_id: z.string(),
    import_id: z.uuid(),
    state: z.literal("importing"),
    accepted: z.int().meta({ description: "Number of photos sent." }),
  })
  .meta({ id: "BaselinePhotoImportCreated" });

export const photoImportRecord = z
  .object({
    workspace_id: z.string(),
    property_id: z.string(),
    import_id: z.uuid(),
    state: importState,
    accepted: z.int().meta({ description: "Number of photos sent." }),
    stored: z.int().meta({ description: "Photos stored." }),
    duplicates: z.int().meta({ description: "Photos the home already holds (from this request or anywhere else)." }),
    failed: z
      .array(
        z
          .object({
            index: z.int().meta({ description: "Position in the request, from 0." }),
            url: z.string(),
            reason: z.enum(photoFetchReasons),
          })
          .meta({ id: "RefusedBaselinePhoto" }),
      )
      .meta({
        description: "Refused photos in request order; `[]` when none. `stored + duplicates + failed.length == accepted`.",
      }),
    error: z.string().optional().meta({ description: "Present only when the import failed before reporting on any photo." }),
  })
  .meta({ id: "BaselinePhotoImport" });
