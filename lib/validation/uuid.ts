const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our ids are UUIDs: checked before a query, so a mistyped one is "not found", never a cast error. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
