import "server-only";

/**
 * A task is keyed and found by the SHA-256 of its `task_id` (column `external_id_hash`): a
 * `task_id` of 1,000 characters can be 4,000 bytes, more than a btree index entry holds. The SQL
 * that computes it from a text parameter, so every writer and reader hashes alike.
 */
export const taskIdHashSql = (parameter: string) => `sha256(convert_to(${parameter}::text, 'UTF8'))`;
