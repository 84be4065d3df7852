/*
 * Where a manager's uploaded files wait, per import, until the job has checked and stored them.
 * Apart from the loader (staged-upload.ts) so the web side names them without loading the decoder.
 */

import "server-only";

export function stagingPrefix(importId: string): string {
  return `baseline-uploads/${importId}`;
}

export function stagedKey(importId: string, index: number): string {
  return `${stagingPrefix(importId)}/${index}`;
}
