import "server-only";
import { partsNotKeptName } from "../evidence-check/packet-parts";

/** In a packet whose media the retention policy deleted: the records remain, and this says why the rest is gone. */
export const mediaDeletedName = "MEDIA-DELETED.txt";

export function mediaDeletedText(deletedAt: Date): string {
  return `THE MEDIA OF THIS WALKTHROUGH WAS DELETED BY THE RETENTION POLICY
Deleted on ${deletedAt.toISOString()}.

The video, its uploaded parts and its pictures were deleted when the walkthrough had been sealed
longer than the retention period. The signed records are kept, and their signatures still
verify: they carry the SHA-256 of the video and of every picture as it was sealed, so a copy
kept elsewhere can still be checked against them (VERIFY.txt, steps 1 and 2).
`;
}

/** The home's previous recording record, in a packet whose record chains to one. */
export const previousRecordName = "previous-recording-record.jws";
/** Its key, when a rotation came between the two records. */
export const previousPublicKeyName = "previous-public-key.pem";

/** The uploaded parts in a packet: in it; sealed before they were kept; or deleted by the retention policy. */
export type PartsInPacket = "kept" | "not_kept" | "deleted";

/** What a walkthrough's packet carries of the phone's parts: the retention policy's deletion first. */
export const partsInPacket = (mediaDeletedAt: Date | null, originalsKept: boolean): PartsInPacket =>
  mediaDeletedAt ? "deleted" : originalsKept ? "kept" : "not_kept";

export const partsNotKeptText = `THE UPLOADED PARTS OF THIS WALKTHROUGH WERE NOT KEPT

This walkthrough was sealed before the service kept the parts the phone uploaded: they were
deleted once the video was made from them. Their SHA-256 hashes, each with its size and the
time the server received it, were signed at the seal and remain in recording-record.jws.
`;

function partsStep(input: { partsCount: number; parts: PartsInPacket }): string {
  const intro = `The phone uploaded the video in ${input.partsCount} numbered part(s); the recording record lists each
("parts": index, run, sha256, size_bytes, received_at: the time the server received it).`;
  if (input.parts === "not_kept") {
    return `${intro}
This walkthrough was sealed before the service kept the uploaded parts, so they are not in this
packet (${partsNotKeptName}); their hashes, signed at the seal, remain in the record.`;
  }
  if (input.parts === "deleted") {
    return `${intro}
The retention policy deleted them with the video; their hashes, signed at the seal, remain.`;
  }
  return `${intro}
parts/run-<run>/<index>.part are those parts, byte for byte as the server received them. The
service keeps each recording run's parts joined and untouched, and this packet cuts them apart
again at the sizes the record gives. (The video in step 1 was made from them by ffmpeg, as the
record's "derivation" says, so its bytes are not the same as theirs.)
  for f in parts/run-*/*.part; do openssl dgst -sha256 "$f"; done
(or: sha256sum parts/run-*/*.part) must print, for each file, the "sha256" of the part with that
run and index. To list the record's parts (b64url as in step 3):
  cut -d. -f2 recording-record.jws | tr -d '\\n' | b64url | grep -o '"index":[0-9]*,"run":[0-9]*,"sha256":"[0-9a-f]*"'`;
}

/** VERIFY.txt of a packet: how anyone checks it with `openssl` alone, in plain words. */
export function verifyText(input: {
  inspectionId: string;
  jwksUrl: string;
  kid: string;
  hasReport: boolean;
  /** report.pdf is in the packet (from release on). */
  hasReportPdf: boolean;
  videoSha256: string;
  partsCount: number;
  parts: PartsInPacket;
  /** The home's previous recording record is in the packet, and the key file that verifies it. */
  previousRecord?: { publicKey: string };
  /** The records with an RFC 3161 token in the packet ("recording-record", "report-record"). */
  timestamped?: string[];
  /** The retention policy deleted the media: steps 1 and 2 then apply to a copy kept elsewhere. */
  mediaDeletedAt?: Date;
}): string {
  const records = input.hasReport ? ["recording-record.jws", "report-record.jws"] : ["recording-record.jws"];
  const deleted = input.mediaDeletedAt
    ? `
THE VIDEO AND PICTURES ARE NOT HERE: the retention policy deleted them on
${input.mediaDeletedAt.toISOString()} (${mediaDeletedName}). The records below still verify; steps 1
and 2 check a copy of the video or pictures kept elsewhere.
`
    : "";
  return `HOW TO CHECK THIS EVIDENCE PACKET
Walkthrough ${input.inspectionId}
${deleted}
This folder holds what a cleaner filmed, as the service received and sealed it, with signed
records that say so. You do not need to trust the service to check it: the commands below use
only openssl and a shell (Linux or macOS).

WHAT IS HERE
  recording-record.jws   Signed when the walkthrough was sealed: the server's own times, every
                         uploaded part's SHA-256 as received, the video's and every still's
                         SHA-256, the previous walkthrough of the home (home_chain) and the stays
                         around it.
${input.hasReport ? "  report-record.jws      Signed when the report was released: the checklist, every finding with\n                         who found it (the AI provider, named, or staff) and its pictures' SHA-256,\n                         and the SHA-256 of the recording record.\n" : "  (no report record yet: the report has not been released)\n"}${input.previousRecord ? `  ${previousRecordName}\n                         The recording record of the home's previous walkthrough, which this\n                         one's "home_chain" names by its SHA-256 (step 4).\n` : ""}  video/walkthrough.mp4  The sealed video.
${input.parts === "kept" ? "  parts/                 The parts the phone uploaded, untouched, one file per part (step 5).\n" : ""}  stills/, findings/     Pictures, each named by its own SHA-256 (frames cut from the video,
                         scaled only; before pictures as they were stored).
${input.hasReportPdf ? "  report.pdf             The report as its page's PDF link gives it: a rendering for reading.\n                         It is not signed; the signed report record is the evidence.\n" : ""}  jwks.json              The public keys the records were signed with, as published at
                         ${input.jwksUrl}
  public-key.pem         The key that signed these records (kid ${input.kid}), for openssl.

1. THE VIDEO IS THE ONE THAT WAS SEALED
  openssl dgst -sha256 video/walkthrough.mp4
must print ${input.videoSha256}, the "video"."sha256" of the recording record (step 3 shows it).

2. EVERY PICTURE IS UNCHANGED
  for f in stills/*.jpg findings/*/*.jpg; do openssl dgst -sha256 "$f"; done
Each printed SHA-256 must equal the file's name, and each name appears in a record.

3. THE RECORDS ARE SIGNED BY THE SERVICE
For each of: ${records.join(", ")}
  f=recording-record.jws
  b64url() { s=$(tr '_-' '/+'); while [ $(( \${#s} % 4 )) -ne 0 ]; do s="$s="; done; printf '%s' "$s" | openssl base64 -d -A; }
  cut -d. -f1,2 "$f" | tr -d '\\n' > signed-part.bin
  cut -d. -f3 "$f" | tr -d '\\n' | b64url > signature.bin
  openssl pkeyutl -verify -pubin -inkey public-key.pem -rawin -in signed-part.bin -sigfile signature.bin
must print "Signature Verified Successfully". To read what was signed:
  cut -d. -f2 "$f" | tr -d '\\n' | b64url; echo
Check that public-key.pem is one of the service's published keys: its "x" in jwks.json (and at
${input.jwksUrl}) equals the key's last 32 bytes:
  openssl pkey -pubin -in public-key.pem -outform DER | tail -c 32 | openssl base64 -A | tr '+/' '-_' | tr -d '='; echo

4. THE RECORDS BELONG TOGETHER
${input.hasReport ? '  openssl dgst -sha256 recording-record.jws\nmust print the "recording_record_sha256" of the report record.' : "  (after release, the report record names the recording record's SHA-256)"}
The recording record's "home_chain"."previous_record_sha256" is the SHA-256 of the home's
previous recording record${
    input.previousRecord
      ? `, which is here:
  openssl dgst -sha256 ${previousRecordName}
must print it, and step 3 with f=${previousRecordName}${
          input.previousRecord.publicKey === "public-key.pem"
            ? ""
            : ` (and ${input.previousRecord.publicKey}
instead of public-key.pem: a newer key signed this walkthrough's record)`
        } must verify its signature.`
      : ": with that walkthrough's packet, openssl dgst -sha256 on its\nrecording-record.jws must print it."
  }
A record removed or changed later breaks this chain.

5. THE UPLOADED PARTS
${partsStep(input)}

${
  input.timestamped && input.timestamped.length > 0
    ? `6. THE TIME, FROM AN INDEPENDENT AUTHORITY
${input.timestamped.map((name) => `  ${name}.tst`).join("\n")}
are RFC 3161 timestamp tokens: a timestamp authority signed that the record's SHA-256 existed at
the time it states. With the authority's CA certificate (ask it, or the service, for it):
${input.timestamped.map((name) => `  openssl ts -verify -token_in -in ${name}.tst -data ${name}.jws -CAfile tsa-ca.pem`).join("\n")}
must print "Verification: OK". To read the time:
  openssl ts -reply -token_in -in ${input.timestamped[0]}.tst -token_out -text | grep "Time stamp"

`
    : ""
}Or, with the service's command line tool:
  npm run admin -- evidence verify packet.zip
`;
}
