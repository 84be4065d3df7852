import "server-only";
import { Image, StyleSheet, Text, View } from "@react-pdf/renderer";
import { pdfColor } from "./pdf-theme";

/** Image bytes react-pdf embeds as they are (it reads JPEG and PNG; nothing is decoded here). */
export interface PdfPicture {
  data: Buffer;
  format: "jpg" | "png";
}

/** A picture there was no room for (too large, unreadable): the report online still has it. */
export type PdfPictureSlot = PdfPicture | "left-out";

const styles = StyleSheet.create({
  pair: { flexDirection: "row", justifyContent: "space-between" },
  half: { width: "49%" },
  frame: { borderRadius: 6, backgroundColor: pdfColor.subtle, overflow: "hidden" },
  caption: { fontSize: 8.5, color: pdfColor.muted, marginTop: 3 },
  missing: {
    height: 60,
    borderRadius: 6,
    backgroundColor: pdfColor.subtle,
    justifyContent: "center",
    alignItems: "center",
    fontSize: 9,
    color: pdfColor.muted,
  },
});

/**
 * One picture of a finding, `height` points tall, with its caption under it; where there is no
 * picture, a grey box that says so (`missing`), or that the report online has it.
 */
export function CaptionedPicture(props: { slot: PdfPictureSlot | undefined; height: number; caption: string; missing?: string }) {
  const { slot, height, caption, missing = "No picture" } = props;
  return (
    <View>
      {slot === undefined || slot === "left-out" ? (
        <View style={styles.missing}>
          <Text>{slot === undefined ? missing : "This picture is in the report online."}</Text>
        </View>
      ) : (
        <View style={styles.frame}>
          <Image src={slot} style={{ height, objectFit: "contain" }} />
        </View>
      )}
      <Text style={styles.caption}>{caption}</Text>
    </View>
  );
}

/** Before on the left, after on the right: the order the report page reads in. */
export function PicturePair(props: {
  before: PdfPictureSlot | undefined;
  after: PdfPictureSlot | undefined;
  height: number;
  captions: { before: string; after: string };
  missingBefore: string;
}) {
  return (
    <View style={styles.pair}>
      <View style={styles.half}>
        <CaptionedPicture
          slot={props.before}
          height={props.height}
          caption={props.captions.before}
          missing={props.missingBefore}
        />
      </View>
      <View style={styles.half}>
        <CaptionedPicture slot={props.after} height={props.height} caption={props.captions.after} />
      </View>
    </View>
  );
}
