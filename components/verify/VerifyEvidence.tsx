"use client";

import { CircleCheck, CircleX, FileUp, LoaderCircle } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card, CardHeader } from "@/components/ui/Card";
import { cn } from "@/components/ui/cn";
import { Notice } from "@/components/ui/Notice";
import { orderRecords } from "@/lib/evidence-check/chain-check";
import { checkPacket, checkVideoAndRecord, type EvidenceCheck } from "@/lib/evidence-check/check-evidence";
import { ed25519Supported, type Jwks } from "@/lib/evidence-check/record-signature";

type State =
  | { phase: "idle" }
  | { phase: "checking"; what: string; percent: number }
  | { phase: "done"; what: string; checks: EvidenceCheck[] }
  | { phase: "error"; message: string };

const jwksPath = "/.well-known/jwks.json";

async function publishedKeys(): Promise<Jwks> {
  const response = await fetch(jwksPath, { cache: "no-store" });
  if (!response.ok) throw new Error(`Walkthrough's published keys could not be fetched (HTTP ${response.status}).`);
  return (await response.json()) as Jwks;
}

/**
 * Which files were dropped: a packet, or a video and its record, either with the home's previous
 * recording record beside it (the chain link); anything else is said plainly.
 */
function sortFiles(files: File[]): { packet: File; previous?: File } | { video: File; records: File[] } | { problem: string } {
  const zips = files.filter((file) => file.name.toLowerCase().endsWith(".zip"));
  const records = files.filter((file) => file.name.toLowerCase().endsWith(".jws"));
  const others = files.filter((file) => !zips.includes(file) && !records.includes(file));
  if (zips.length === 1 && others.length === 0 && records.length <= 1) return { packet: zips[0]!, previous: records[0] };
  if (records.length >= 1 && records.length <= 2 && others.length === 1 && zips.length === 0) {
    return { video: others[0]!, records };
  }
  return {
    problem:
      "Drop either the evidence packet (one .zip file), or a video together with its recording record (the .jws file). " +
      "To check the link to the home's previous walkthrough, add that walkthrough's recording record.",
  };
}

/** The record and, when two were dropped, the previous one it follows (whichever order they came in). */
async function recordsOf(files: File[]): Promise<{ record: string; previous?: string }> {
  const records = await Promise.all(files.map(async (file) => ({ name: file.name, text: await file.text() })));
  if (records.length === 1) return { record: records[0]!.text };
  const ordered = orderRecords(records[0]!, records[1]!);
  if (!ordered) {
    throw new Error(
      "Neither of the two records names the other as the home's previous walkthrough: drop the recording record with the previous walkthrough's one (named previous-recording-record.jws in a packet).",
    );
  }
  return ordered;
}

/**
 * The drop zone and the results: files are read here, in the browser, a chunk at a time (a 2 GiB
 * video is never held in memory), and nothing is sent anywhere; only the published keys are fetched.
 */
export function VerifyEvidence() {
  const [state, setState] = useState<State>({ phase: "idle" });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const busy = state.phase === "checking";

  async function check(files: File[]) {
    const sorted = sortFiles(files);
    if ("problem" in sorted) return setState({ phase: "error", message: sorted.problem });
    const what =
      "packet" in sorted
        ? [sorted.packet, ...(sorted.previous ? [sorted.previous] : [])].map((file) => file.name).join(" and ")
        : [sorted.video, ...sorted.records].map((file) => file.name).join(", ");
    setState({ phase: "checking", what, percent: 0 });
    try {
      if (!(await ed25519Supported())) {
        throw new Error(
          "This browser cannot check Ed25519 signatures. Use a recent Chrome, Edge, Firefox or Safari, or follow VERIFY.txt in the packet.",
        );
      }
      const jwks = await publishedKeys();
      let shown = 0;
      const progress = (done: number, total: number) => {
        const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
        // One render per percent, not one per chunk.
        if (percent !== shown) setState({ phase: "checking", what, percent: (shown = percent) });
      };
      let checks: EvidenceCheck[];
      if ("packet" in sorted) {
        checks = await checkPacket(sorted.packet, jwks, progress, await sorted.previous?.text());
      } else {
        const { record, previous } = await recordsOf(sorted.records);
        checks = await checkVideoAndRecord(sorted.video, record, jwks, progress, previous);
      }
      setState({ phase: "done", what, checks });
    } catch (error) {
      setState({ phase: "error", message: (error as Error).message });
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!busy) void check([...event.dataTransfer.files]);
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <Card aria-labelledby="drop-title">
        <CardHeader
          id="drop-title"
          title="Drop the evidence here"
          description="The evidence packet (.zip) from a report, or a video with its recording record (.jws). Add the home's previous recording record to check the link between them."
        />
        <div
          data-testid="drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-10 text-center",
            dragging ? "border-accent bg-accent-soft" : "border-line bg-subtle",
          )}
        >
          <FileUp aria-hidden className="size-8 text-muted" />
          <p className="text-sm text-ink-soft">Drag the files here, or</p>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
            Choose files
          </Button>
          <label htmlFor={inputId} className="sr-only">
            Evidence files
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept=".zip,.jws,video/*"
            className="sr-only"
            tabIndex={-1}
            disabled={busy}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = "";
              if (files.length > 0) void check(files);
            }}
          />
          <p className="text-xs text-muted">Nothing is uploaded: your browser reads the files on this computer.</p>
        </div>
      </Card>
      <Results state={state} />
    </div>
  );
}

function Results({ state }: { state: State }) {
  if (state.phase === "idle") return null;
  if (state.phase === "error")
    return (
      <Notice tone="error" title="These files could not be checked">
        {state.message}
      </Notice>
    );
  if (state.phase === "checking") {
    return (
      <Card aria-labelledby="results-title" aria-busy>
        <CardHeader id="results-title" title="Checking…" description={state.what} />
        <div className="flex items-center gap-3">
          <LoaderCircle aria-hidden className="size-5 animate-spin text-muted" />
          <progress className="h-2 flex-1 accent-accent" max={100} value={state.percent} aria-label="Files read" />
          <span className="w-12 text-right text-sm text-ink-soft tabular-nums">{state.percent}%</span>
        </div>
      </Card>
    );
  }
  const failed = state.checks.filter((check) => !check.ok);
  return (
    <Card aria-labelledby="results-title">
      <CardHeader id="results-title" title="Results" description={state.what} />
      <div className="flex flex-col gap-4">
        {failed.length === 0 ? (
          <Notice tone="success" live title="Everything holds">
            Every signature is Walkthrough&apos;s and every file is exactly what was signed.
          </Notice>
        ) : (
          <Notice tone="error" title={failed.length === 1 ? "1 check does not hold" : `${failed.length} checks do not hold`}>
            Something was changed after Walkthrough signed it, or does not belong to this walkthrough. See below.
          </Notice>
        )}
        <ul className="flex flex-col divide-y divide-line" aria-label="Checks">
          {state.checks.map((check, index) => (
            <li key={`${check.subject}-${index}`} className="flex gap-3 py-3" data-ok={check.ok}>
              {check.ok ? (
                <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
              ) : (
                <CircleX aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
              )}
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  {check.subject}:{" "}
                  <span className={check.ok ? "text-success" : "text-danger"}>{check.ok ? "holds" : "does not hold"}</span>
                </p>
                <p className="text-sm wrap-anywhere text-ink-soft">{check.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
