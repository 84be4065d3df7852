import { inject } from "vitest";
import { createDatabase } from "./databases";

/**
 * A database of the calling file's own with every migration applied: a copy of the global
 * setup's template, so an app started on it finds nothing to migrate.
 */
export function createMigratedDatabase(prefix: string): Promise<string> {
  return createDatabase(inject("pgAdminUrl"), prefix, { template: inject("templateDatabase") });
}
