import type { AnyOperation } from "../http/operation";
import { createWorkspace, readWorkspace } from "./workspaces";

/** Every partner API operation, in the order the reference lists them. The OpenAPI document is built from this. */
export const operations: AnyOperation[] = [createWorkspace, readWorkspace];
