import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Locale, languageNames, localeCookie, locales } from "../../lib/i18n/locales";
import { fixedReasons } from "../../lib/recorder-app/missed-reasons";
import { call } from "../support/api";
import { expectAccessible } from "../support/axe";
import { launchRecorderBrowser, pause, screenshot } from "../support/recorder-browser";
import { recorderWords } from "../support/recorder-words";
import { createTestPartner, type TestPartner } from "../fixtures/partners";
import { issueLink, readyHomeWithChecklist } from "../fixtures/recording";

/*
 * The recorder in the cleaner's language. In the pseudo-locale every catalogue message comes out
 * as ⟦áççéñtéd⟧: on every screen reached, any letter outside the brackets that is not the
 * partner's own words is text that bypassed the catalogues. Then the phone's language, the
 * switch in the header, and the choice remembered across a reload, <html lang> following. And a
 * whole walkthrough in Spanish and in Polish: every step in that language, while what reaches the
 * partner (the API's checklist block) carries the fixed reasons in English.
 */

let browser: Browser;
let partner: TestPartner;
let workspaceId: string;
const home = "Villa Miramar";
const task = "Limpieza final";
const items = ["Kitchen counters wiped", "Beds made", "Bathroom mirror clean"];
const partnerWords = [home, task, "Casa Clean", ...items];

beforeAll(async () => {
  partner = await createTestPartner("Casa Clean");
  workspaceId = await readyHomeWithChecklist(partner.apiKey, "e2e-languages", home, items);
  browser = await launchRecorderBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function newLink(): Promise<string> {
  const link = await issueLink(partner.apiKey, {
    workspace_id: workspaceId,
    task_id: `task-${randomUUID()}`,
    property_id: "home-1",
    task_name: task,
    scheduled_date: "2026-12-01",
  });
  return link.recording_url;
}

async function phone(options: { locale?: string; cookie?: string; url?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? "en-US",
  });
  if (options.cookie && options.url) {
    await context.addCookies([{ name: localeCookie, value: options.cookie, url: new URL(options.url).origin }]);
  }
  return context;
}

/** Every word on the screen a person or a screen reader meets: visible text and the names given in attributes. */
function wordsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = document.body.innerText.split("\n");
    for (const element of document.querySelectorAll("[aria-label], [alt], [title], [placeholder]")) {
      for (const name of ["aria-label", "alt", "title", "placeholder"]) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

/** The screen's text with the catalogue's ⟦…⟧ and the partner's words taken out: what is left must hold no letter. */
async function expectOnlyCatalogueText(page: Page, screen: string): Promise<void> {
  const date = await page.evaluate(() =>
    new Intl.DateTimeFormat(document.documentElement.lang, {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date("2026-12-01T12:00:00Z")),
  );
  // The language switch names each language in itself, and by its short code on a phone.
  const languages = [...Object.values(languageNames), ...locales.map((locale) => locale.split("-")[0]!.toUpperCase())];
  const allowed = [...partnerWords, date, ...languages, "en-XA"];
  const stray: string[] = [];
  for (const text of await wordsOnScreen(page)) {
    let rest = text;
    // Innermost first: a message may carry another (an item's name inside a sentence).
    while (/⟦[^⟦⟧]*⟧/.test(rest)) rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
    for (const words of allowed) rest = rest.split(words).join(" ");
    if (/\p{L}/u.test(rest)) stray.push(text);
  }
  expect(stray, `text on the ${screen} screen that did not come from a catalogue`).toEqual([]);
}

describe("the pseudo-locale: no text bypasses the catalogues", () => {
  it("holds on every screen of a walkthrough, and on a link that does not work", async () => {
    const t = await recorderWords("en-XA");
    const url = await newLink();
    const context = await phone({ cookie: "en-XA", url });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("button", { name: t("ready.start") }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en-XA");
    await expectOnlyCatalogueText(page, "ready");

    await page.getByRole("button", { name: t("ready.start") }).click();
    await page.getByRole("timer").waitFor({ timeout: 20_000 });
    await pause(1500);
    await page.getByRole("button", { name: items[0] }).click();
    await pause(3500);
    await expectOnlyCatalogueText(page, "recording");
    await screenshot(page, "pseudo-recording");

    await page.getByRole("button", { name: t("stopped.stop") }).click();
    await page.getByRole("button", { name: t("stopped.done") }).waitFor({ timeout: 20_000 });
    await expectOnlyCatalogueText(page, "stopped");
    await page.getByRole("button", { name: t("stopped.done") }).click();
    await page.getByRole("heading", { name: t("finished.uploadedTitle") }).waitFor({ timeout: 90_000 });
    await expectOnlyCatalogueText(page, "uploaded");

    // Reopened: the finished walkthrough with its results and a way to explain.
    await page.goto(url);
    await page.getByRole("heading", { name: t("results.title") }).waitFor();
    await expectOnlyCatalogueText(page, "results");
    await screenshot(page, "pseudo-results");

    await page.goto(`${new URL(url).origin}/r/not-a-link`);
    await page.getByRole("heading", { name: t("problems.goneTitle") }).waitFor();
    await expectOnlyCatalogueText(page, "link does not work");
    await context.close();
  });
});

describe("the cleaner's language", () => {
  it("comes from the phone, switches in one tap from the header, and is remembered after a reload", async () => {
    const es = await recorderWords("es");
    const pl = await recorderWords("pl");
    const url = await newLink();
    const context = await phone({ locale: "es-MX" });
    const page = await context.newPage();
    const answer = await page.goto(url);
    // The server rendered Spanish from the first byte, <html lang> included.
    expect(await answer!.text()).toMatch(/<html lang="es"/);
    await page.getByRole("button", { name: es("ready.start") }).waitFor();
    await expectAccessible(page, "the ready screen in Spanish (phone)");
    await screenshot(page, "es-ready");

    await page.getByLabel(es("header.language")).selectOption("pl");
    await page.getByRole("button", { name: pl("ready.start") }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pl");

    const reloaded = await page.reload();
    expect(await reloaded!.text()).toMatch(/<html lang="pl"/);
    await page.getByRole("button", { name: pl("ready.start") }).waitFor();
    expect(await page.getByLabel(pl("header.language")).inputValue()).toBe("pl");
    await context.close();
  });

  it("follows navigator.languages when the page was rendered without the phone's choice", async () => {
    const de = await recorderWords("de");
    const url = await newLink();
    // The request says English (a page kept by the service worker is rendered so); the phone says German.
    const context = await phone({ locale: "de-DE" });
    await context.setExtraHTTPHeaders({ "accept-language": "en" });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("button", { name: de("ready.start") }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await context.close();
  });
});

describe.each<[Locale, string, string]>([
  ["es", "es-MX", "Lo limpié dos veces, el espejo estaba empañado."],
  ["pl", "pl-PL", "Umyłam lustro dwa razy, było zaparowane."],
])("a whole walkthrough in %s", (locale, phoneLocale, ownWords) => {
  it("speaks the cleaner's language at every step; the partner reads the fixed reason in English and the cleaner's own words as typed", async () => {
    const t = await recorderWords(locale);
    const taskId = `task-${randomUUID()}`;
    const link = await issueLink(partner.apiKey, {
      workspace_id: workspaceId,
      task_id: taskId,
      property_id: "home-1",
      task_name: task,
    });
    const context = await phone({ locale: phoneLocale });
    const page = await context.newPage();
    await page.goto(link.recording_url);
    await page.getByRole("heading", { name: t("ready.title") }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    await page.getByRole("heading", { name: t("checklist.housekeeping") }).waitFor();
    await page.getByText(t("header.forPartner", { partner: "Casa Clean" })).waitFor();

    await page.getByRole("button", { name: t("ready.start") }).click();
    await page.getByRole("timer").waitFor({ timeout: 20_000 });
    await pause(1500);
    // One item checked off waits for staff (no provider here), so the report stays open to explanations.
    await page.getByRole("button", { name: items[2] }).click();
    await pause(2000);
    await page.getByRole("button", { name: t("stopped.stop") }).click();
    await page.getByRole("heading", { name: t("stopped.title") }).waitFor({ timeout: 20_000 });
    await page.getByText(t("stopped.leftBody", { count: 2 })).waitFor();
    await expectAccessible(page, `the stopped screen in ${locale} (phone)`);
    await page.getByRole("button", { name: t("stopped.done") }).click();
    await page.getByRole("heading", { name: t("finished.uploadedTitle") }).waitFor({ timeout: 120_000 });

    // Reopened: the results, and a reason for each missed item with one tap (and words for "Something else").
    await page.goto(link.recording_url);
    await page.getByRole("heading", { name: t("results.title") }).waitFor();
    const group = (name: string) => page.getByRole("group", { name: t("reasons.legend", { item: name }) });
    await group(items[0]!)
      .getByRole("button", { name: t("reasons.noSupplies") })
      .click();
    await group(items[1]!)
      .getByRole("button", { name: t("reasons.other") })
      .click();
    await page.getByLabel(t("reasons.otherLabel")).fill(ownWords);
    await screenshot(page, `${locale}-reasons-phone`);
    await expectAccessible(page, `the results in ${locale} (phone)`);
    await page.getByRole("button", { name: t("reasons.send", { count: 2 }) }).click();
    await expect.poll(() => page.getByText(t("reasons.sent"), { exact: true }).count(), { timeout: 20_000 }).toBe(2);
    await page.getByText(`“${t("reasons.noSupplies")}”`).waitFor();

    const status = await call("GET", "/v1/inspections", {
      key: partner.apiKey,
      query: { workspace_id: workspaceId, task_id: taskId },
    });
    expect(status.status, status.text).toBe(200);
    const lines = (status.body as { checklist: { items: { name: string; state: string; reason?: string }[] } }).checklist.items;
    const byName = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(lines.map((line) => [line.name, line.state, line.reason]).sort(byName)).toEqual(
      [
        [items[2], "pending", undefined],
        [items[1], "explained", ownWords],
        [items[0], "explained", fixedReasons.noSupplies],
      ].sort(byName),
    );
    await context.close();
  });
});
