import { Header } from "@/components/recorder/Header";
import { RecorderFrame, RecorderMain } from "@/components/recorder/Layout";
import { LinkDoesNotWork } from "@/components/recorder/LinkDoesNotWork";

/** `/r/<token>` for a token no link was issued with: the recorder's own screen, answered with 404. */
export default function RecordingLinkNotFound() {
  return (
    <RecorderFrame>
      <Header />
      <RecorderMain>
        <LinkDoesNotWork />
      </RecorderMain>
    </RecorderFrame>
  );
}
