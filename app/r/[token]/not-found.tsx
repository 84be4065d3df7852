import { LinkNotFoundPage } from "@/components/recorder/LinkNotFoundPage";

/** `/r/<token>` for a token no link was issued with: answered with 404. */
export default function RecordingLinkNotFound() {
  return <LinkNotFoundPage />;
}
