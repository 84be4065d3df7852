import { Notice } from "./Notice";

/** A failed call's message where the person is looking, announced; nothing without an error. */
export function ErrorAlert({ error, title }: { error: Error | null | undefined; title?: string }) {
  if (!error) return null;
  return (
    <Notice tone="error" title={title}>
      {error.message}
    </Notice>
  );
}
