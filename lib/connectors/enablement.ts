import "server-only";
import { config } from "../config";
import { db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { bookACallUrl, catalogPath, findConnector } from "./catalog";

/** Spec, Connectors: a connector not enabled for the account answers 403 with the way to ask for it. */
export function connectorNotEnabled(platform: string): ApiError {
  const name = findConnector(platform)?.name ?? platform;
  return new ApiError("connector_not_enabled", {
    message: `The ${name} connector is not enabled for this workspace. Book a call to enable it; the catalogue lists what each takes.`,
    nextSteps: { book_a_call_url: bookACallUrl(), catalog_url: `${config().APP_URL}${catalogPath}` },
  });
}

export async function isConnectorEnabled(workspaceId: string, platform: string): Promise<boolean> {
  return (await db().connectorEnablement.count({ where: { workspaceId, platform } })) > 0;
}

export async function assertConnectorEnabled(workspaceId: string, platform: string): Promise<void> {
  if (!(await isConnectorEnabled(workspaceId, platform))) throw connectorNotEnabled(platform);
}

export class ConnectorRefusal extends Error {}

/** Staff only (CLI and admin console). Answers whether it was newly enabled. */
export async function enableConnector(workspaceId: string, platform: string): Promise<boolean> {
  const connector = findConnector(platform);
  if (!connector) throw new ConnectorRefusal(`No connector "${platform}"; the catalogue at /connectors lists them.`);
  if (connector.status !== "available")
    throw new ConnectorRefusal(`${connector.name} is not built yet (request_access): nothing to enable.`);
  const { count } = await db().connectorEnablement.createMany({ data: [{ workspaceId, platform }], skipDuplicates: true });
  return count === 1;
}

/** Switching a connector off keeps what it read; its calls answer 403 until it is enabled again. */
export async function disableConnector(workspaceId: string, platform: string): Promise<boolean> {
  const { count } = await db().connectorEnablement.deleteMany({ where: { workspaceId, platform } });
  return count === 1;
}

export async function enabledConnectors(workspaceId: string): Promise<{ platform: string; enabledAt: Date }[]> {
  return db().connectorEnablement.findMany({
    where: { workspaceId },
    orderBy: { platform: "asc" },
    select: { platform: true, enabledAt: true },
  });
}
