import "server-only";
import { config } from "../config";
import { fetchTempDir } from "../media/data-dir-layout";
import { mediaStorage } from "../media/media-storage";
import type { MediaStorage } from "../media/storage";
import { graphqlTourProvider } from "./graphql-tour-provider";
import type { TourProvider } from "./tour-provider";

/** What a tour import needs from outside; production passes `defaultTourImportDeps()`. */
export interface TourImportDeps {
  provider: TourProvider;
  storage: MediaStorage;
  /** Where image bytes are spooled while they are checked. */
  tempDir: string;
}

export function defaultTourImportDeps(): TourImportDeps {
  const settings = config();
  return {
    provider: graphqlTourProvider({
      apiUrl: settings.TOUR_API_URL,
      tokenId: settings.TOUR_API_TOKEN_ID,
      tokenSecret: settings.TOUR_API_TOKEN_SECRET,
    }),
    storage: mediaStorage(),
    tempDir: fetchTempDir(settings.DATA_DIR),
  };
}
