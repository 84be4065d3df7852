import "server-only";

export const keyScopes = ["read:inspections", "read:workspaces", "read:reservations"] as const;
export type KeyScope = (typeof keyScopes)[number];
export const defaultKeyScopes: KeyScope[] = ["read:inspections"];
export const maxActiveKeys = 2;
