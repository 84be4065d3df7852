import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call } from "../support/api";
import { accessibleAtBothSizes } from "../support/axe";
import { flipByte, packetEntries, tamperedPacket } from "../support/evidence-packet";
import { launchBrowser } from "../support/browser";
import { signInInBrowser } from "../support/sign-in";
import { until } from "../support/until";
import type { SmtpReceiver } from "../support/smtp-receiver";
import { useApp } from "../support/use-app";
import { createTestPartner } from "../fixtures/partners";
import { readyWorkspace } from "../fixtures/recording";
import { item } from "../fixtures/roster";
import { sealedWalkthrough } from "../fixtures/walkthrough";

/*
 * Issue 27's reading surfaces in Chromium: the evidence packet downloaded from the report page by
 * a manager, dropped on the public /verify page and checked there with Web Crypto against the
 * published keys (every check holds; a flipped byte in the video, a part or the record names the check
 * that fails; no request carries a file); the second walkthrough's packet linked to the first's
 * record, in the packet or dropped beside its video and record; the same video handed in twice,
 * flagged on the report page and in the staff desk, whose packet link downloads too.
 */

let smtp: SmtpReceiver;
let browser: Browser;
let appUrl: string;
let dir: string;
let first: string;
let second: string;
let partnerKey: string;
let workspaceId: string;
const items = ["Kitchen wiped", "Beds made"];
const managerEmail = `manager-${randomBytes(3).toString("hex")}@verify-homes.com`;
const staffEmail = `ops-${randomBytes(3).toString("hex")}@walkthrough-staff.com`;

const app = useApp({ fakes: ["smtp"], appUrl: true, database: "verify_page" });

beforeAll(async () => {
  smtp = app.smtp;
  appUrl = app.env.APP_URL!;
  browser = await launchBrowser();
  dir = await mkdtemp(path.join(tmpdir(), "walkthrough-verify-"));
  const partner = await createTestPartner("Verify Partner");
  partnerKey = partner.apiKey;
  workspaceId = await readyWorkspace(partner.apiKey, "verify", [item("home-1")]);
  const put = await call("PUT", "/v1/properties/home-1/checklist", {
    key: partner.apiKey,
    query: { workspace_id: workspaceId },
    body: { items: items.map((name) => ({ name })) },
  });
  expect(put.status, put.text).toBe(200);
  const taps = [{ name: items[0]!, atSeconds: 2 }];
  // The same test video handed in for two tasks: the second repeats the first.
  first = (await sealedWalkthrough(partner.apiKey, { workspaceId, taps, finishAnyway: [items[1]!] })).inspectionId;
  second = (await sealedWalkthrough(partner.apiKey, { workspaceId, taps, finishAnyway: [items[1]!] })).inspectionId;
  const flagged = await db().evidenceRecord.findUniqueOrThrow({
    where: { inspectionId_kind: { inspectionId: second, kind: "recording" } },
  });
  expect(flagged.reuseSuspected).toBe(true);

  const workspace = await db().workspace.findFirstOrThrow({ where: { partnerId: partner.partnerId, externalId: workspaceId } });
  const manager = await db().user.create({ data: { email: managerEmail } });
  await db().seat.create({ data: { workspaceId: workspace.id, userId: manager.id, role: "manager" } });
  const staff = await db().user.create({ data: { email: staffEmail } });
  await db().staffMember.create({ data: { userId: staff.id } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Drops the files on /verify and answers with each check's line, once the results are up. */
async function check(page: Page, files: string[]): Promise<{ text: string; ok: boolean }[]> {
  await page.getByLabel("Evidence files").setInputFiles(files);
  await page.getByRole("heading", { name: "Results" }).waitFor({ timeout: 30_000 });
  const lines = page.getByRole("list", { name: "Checks" }).getByRole("listitem");
  return Promise.all(
    (await lines.all()).map(async (line) => ({
      text: (await line.getByRole("paragraph").first().innerText()).trim(),
      ok: (await line.getAttribute("data-ok")) === "true",
    })),
  );
}

describe("the /verify page and the evidence packet links", () => {
  it("checks the packet a manager downloads from the report page in the browser, uploading nothing, and names the check a flipped byte breaks", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${appUrl}/reports/${first}`);
    await signInInBrowser(page, { appUrl, smtp }, managerEmail);
    const button = page.getByRole("link", { name: "Evidence packet" });
    await button.waitFor();
    // The first walkthrough repeats nothing; the second is flagged on its report.
    expect(await page.getByText("This video may have been handed in before").count()).toBe(0);
    const started = Date.now();
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    const packet = path.join(dir, "packet.zip");
    await download.saveAs(packet);
    console.log(`packet downloaded from the report page in ${Date.now() - started} ms`);
    const files = await packetEntries(packet);
    expect([...files.keys()]).toEqual(expect.arrayContaining(["recording-record.jws", "video/walkthrough.mp4", "VERIFY.txt"]));

    await page.goto(`${appUrl}/reports/${second}`);
    await page.getByText("This video may have been handed in before").waitFor();
    await accessibleAtBothSizes(page, "the report page with the reuse flag", "139-report-evidence-reuse");
    await context.close();

    // The public page, signed out, in a context of its own.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const verify = await visitor.newPage();
    await verify.goto(`${appUrl}/verify`);
    await verify.getByRole("heading", { name: "Check a walkthrough's evidence" }).waitFor();
    await accessibleAtBothSizes(verify, "the verify page, empty", "140-verify-empty");
    const requests: Request[] = [];
    verify.on("request", (request) => requests.push(request));

    const whole = await check(verify, [packet]);
    await verify.getByText("Everything holds").waitFor();
    expect(whole.every((line) => line.ok)).toBe(true);
    const subjects = whole.map((line) => line.text.replace(/: holds$/, ""));
    expect(subjects).toEqual(
      expect.arrayContaining([
        "The recording record's signature",
        "The video",
        "The uploaded parts",
        expect.stringMatching(/^Still from the video [0-9a-f]{12}…$/),
      ]),
    );
    // The home's first walkthrough: nothing before it to link to.
    expect(subjects.filter((subject) => subject.startsWith("The link"))).toEqual([]);
    await accessibleAtBothSizes(verify, "the verify page, every check holding", "141-verify-holds");

    // One byte of the video flipped: only the video fails, and the page says so.
    const changedVideo = path.join(dir, "changed-video.zip");
    await tamperedPacket(packet, changedVideo, "video/walkthrough.mp4", flipByte(1000));
    const afterVideo = await check(verify, [changedVideo]);
    await verify.getByText("1 check does not hold").waitFor();
    expect(afterVideo.filter((line) => !line.ok).map((line) => line.text)).toEqual(["The video: does not hold"]);
    await accessibleAtBothSizes(verify, "the verify page, a check failing", "142-verify-fails");

    // A video and its record, dropped together: both hold; a changed byte in the record breaks its signature.
    const video = path.join(dir, "walkthrough.mp4");
    const record = path.join(dir, "recording-record.jws");
    await writeFile(video, files.get("video/walkthrough.mp4")!);
    await writeFile(record, files.get("recording-record.jws")!);
    const pair = await check(verify, [video, record]);
    expect(pair).toEqual([
      { text: "The recording record's signature: holds", ok: true },
      { text: "The video: holds", ok: true },
    ]);
    const jws = files.get("recording-record.jws")!.toString("utf8");
    const dot = jws.indexOf(".");
    // A payload character changed to another base64url one: the record still reads, its signature does not hold.
    const changed = jws.slice(0, dot + 5) + (jws[dot + 5] === "A" ? "B" : "A") + jws.slice(dot + 6);
    const changedRecord = path.join(dir, "changed-record.jws");
    await writeFile(changedRecord, changed);
    const afterRecord = await check(verify, [video, changedRecord]);
    expect(afterRecord.find((line) => line.text.startsWith("The recording record's signature"))).toEqual({
      text: "The recording record's signature: does not hold",
      ok: false,
    });

    // The second walkthrough's packet carries the first one's record: the link to it holds, said in words.
    const read = await call("GET", `/v1/inspections/${second}/evidence`, {
      key: partnerKey,
      query: { workspace_id: workspaceId },
    });
    const linkedPacket = path.join(dir, "second-packet.zip");
    const fetched = await fetch((read.body.packet as { download_url: string }).download_url);
    expect(fetched.status).toBe(200);
    await writeFile(linkedPacket, Buffer.from(await fetched.arrayBuffer()));
    const linkedFiles = await packetEntries(linkedPacket);
    expect(linkedFiles.has("previous-recording-record.jws")).toBe(true);
    const chained = await check(verify, [linkedPacket]);
    await verify.getByText("Everything holds").waitFor();
    expect(chained.filter((line) => !line.ok)).toEqual([]);
    expect(chained.map((line) => line.text)).toEqual(
      expect.arrayContaining(["The uploaded parts: holds", "The link to the home's previous walkthrough: holds"]),
    );
    await verify.getByText(/^Linked to the home's previous walkthrough of .+: its signed record is the one/).waitFor();
    await accessibleAtBothSizes(
      verify,
      "the verify page, a packet linked to the home's previous walkthrough",
      "144-verify-chain",
    );

    // One byte of an uploaded part flipped: that part is named, the rest hold.
    const partName = [...linkedFiles.keys()].find((name) => name.startsWith("parts/"))!;
    const changedPart = path.join(dir, "changed-part.zip");
    await tamperedPacket(linkedPacket, changedPart, partName, flipByte(0));
    const afterPart = await check(verify, [changedPart]);
    expect(afterPart.filter((line) => !line.ok).map((line) => line.text)).toEqual([
      `Uploaded part ${Number(/(\d+)\.part$/.exec(partName)![1])}: does not hold`,
    ]);

    // The previous record dropped beside a video and its record, in any order; changed, the link breaks.
    const linkedVideo = path.join(dir, "second.mp4");
    const linkedRecord = path.join(dir, "second-recording-record.jws");
    const previousRecord = path.join(dir, "previous-recording-record.jws");
    await writeFile(linkedVideo, linkedFiles.get("video/walkthrough.mp4")!);
    await writeFile(linkedRecord, linkedFiles.get("recording-record.jws")!);
    await writeFile(previousRecord, linkedFiles.get("previous-recording-record.jws")!);
    expect(await check(verify, [previousRecord, linkedVideo, linkedRecord])).toEqual([
      { text: "The recording record's signature: holds", ok: true },
      { text: "The video: holds", ok: true },
      { text: "The link to the home's previous walkthrough: holds", ok: true },
    ]);
    const previousJws = linkedFiles.get("previous-recording-record.jws")!.toString("utf8");
    const at = previousJws.indexOf(".") + 5;
    await writeFile(previousRecord, previousJws.slice(0, at) + (previousJws[at] === "A" ? "B" : "A") + previousJws.slice(at + 1));
    const unlinked = await check(verify, [linkedVideo, linkedRecord, previousRecord]);
    expect(unlinked.find((line) => line.text.startsWith("The link"))).toEqual({
      text: "The link to the home's previous walkthrough: does not hold",
      ok: false,
    });

    // Nothing was uploaded: the only requests while checking were GETs of the published keys, with no body.
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.method(), request.url()).toBe("GET");
      expect(request.postDataBuffer(), request.url()).toBeNull();
      expect(new URL(request.url()).pathname, request.url()).toBe("/.well-known/jwks.json");
    }
    await visitor.close();
  }, 240_000);

  it("shows staff the reuse flag in the queue and the desk, and downloads the packet from the desk", async () => {
    await until(
      "the analysis to hand both to staff",
      async () =>
        (await db().inspection.count({ where: { id: { in: [first, second] }, analyzedAt: { not: null } } })) === 2
          ? true
          : undefined,
      90_000,
      250,
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${appUrl}/admin/review`);
    await signInInBrowser(page, { appUrl, smtp }, staffEmail);
    const queue = page.getByRole("region", { name: "Waiting for staff" });
    await queue.waitFor();
    // Only the walkthrough that repeats the other's video carries the flag.
    await queue.getByText("Video may be reused", { exact: true }).waitFor();
    expect(await queue.getByText("Video may be reused", { exact: true }).count()).toBe(1);
    await page.goto(`${appUrl}/admin/review/${second}`);
    const flag = page.getByText("This video may have been handed in before");
    await flag.waitFor({ timeout: 30_000 });
    await page.getByText(/% of this video's sampled frames match the video of Home/).waitFor();
    await accessibleAtBothSizes(page, "the review desk with the reuse flag", "143-admin-review-reuse");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Evidence packet" }).click(),
    ]);
    const packet = path.join(dir, "desk-packet.zip");
    await download.saveAs(packet);
    expect((await packetEntries(packet)).has("recording-record.jws")).toBe(true);
    await context.close();
  }, 120_000);
});
