import { z } from "zod";

/** A change's body on the signed-in pages: a JSON object (the pipeline refuses anything else as `invalid_body`). */
export const jsonObject = z.record(z.string(), z.unknown());
