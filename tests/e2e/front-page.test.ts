import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { desktopViewport, expectAccessible, phoneViewport } from "../support/axe";
import { launchBrowser } from "../support/browser";
import { screenshot } from "../support/recorder-browser";
import { signInByMail } from "../support/sign-in";
import type { SmtpReceiver } from "../support/smtp-receiver";
import { useApp } from "../support/use-app";

/*
 * The front door in Chromium: the front page at both sizes, every way in it offers answering
 * (or sending a signed-out visitor to sign in), a signed-in visitor sent on to their own home,
 * the way from the front page to a sign-in link by keyboard alone, and the signed-out pages
 * (sign-in and its outcomes, not found, the demo and docs pages) at both sizes, each checked
 * with axe-core.
 */

let smtp: SmtpReceiver;
let browser: Browser;
let appUrl: string;

const app = useApp({ fakes: ["smtp"], appUrl: true, database: "front_page_e2e" });

beforeAll(async () => {
  smtp = app.smtp;
  appUrl = app.env.APP_URL!;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const sizes = {
  phone: () => browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true }),
  desktop: () => browser.newContext({ viewport: desktopViewport }),
} as const;

async function withPage<T>(size: keyof typeof sizes, use: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await sizes[size]();
  try {
    return await use(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Every picture on the page has arrived and decoded (a broken one has no natural width). */
async function expectPicturesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  const broken = await page
    .locator("img")
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).filter((image) => image.naturalWidth === 0).map((image) => image.src),
    );
  expect(broken).toEqual([]);
}

/**
 * Class names a CSS module gave (a built module's `card` is `_5GqhW_card`): the old look's, which
 * these pages no longer use. Tailwind's classes never take that shape.
 */
async function cssModuleClasses(page: Page): Promise<string[]> {
  const classes = await page
    .locator("[class]")
    .evaluateAll((elements) => elements.flatMap((element) => Array.from(element.classList)));
  return [...new Set(classes.filter((name) => /^[A-Za-z0-9_-]{6}_[A-Za-z][A-Za-z0-9_-]*$/.test(name)))];
}

describe("the front page", () => {
  it.each([
    ["phone", "100-front-phone"],
    ["desktop", "101-front-desktop"],
  ] as const)("says what the service is and shows the product on a %s, accessibly", async (size, name) => {
    await withPage(size, async (page) => {
      const response = await page.goto(`${appUrl}/`);
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: "Know every home is ready before guests arrive" }).waitFor();
      for (const title of ["How it works", "Find your way in"])
        await page.getByRole("heading", { level: 2, name: title }).waitFor();
      for (const title of ["Property managers and staff", "Partner engineers", "Rental and task platforms"]) {
        await page.getByRole("heading", { level: 3, name: title }).waitFor();
      }
      await expect(page.getByRole("img", { name: /An inspection report/ }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole("img", { name: /The recording app on a phone/ }).isVisible()).resolves.toBe(true);
      await expectPicturesLoaded(page);
      // Nothing runs off the side of a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        (size === "phone" ? phoneViewport : desktopViewport).width,
      );
      expect(await cssModuleClasses(page), "classes from the old CSS modules").toEqual([]);
      await expectAccessible(page, `the front page (${size})`);
      await screenshot(page, name, { fullPage: true });
    });
  });

  it("offers a way in for each person, and every one of them answers", async () => {
    const hrefs = await withPage("desktop", async (page) => {
      await page.goto(`${appUrl}/`);
      const ways = page.getByRole("region", { name: "Find your way in" });
      for (const [label, href] of [
        ["Sign in", "/sign-in"],
        ["API reference", "/docs"],
        ["Quickstart", "/llms.txt"],
        ["Partner console", "/console"],
        ["Try the demo", "/docs/demo"],
        ["Connector catalogue", "/docs/connectors"],
      ]) {
        await expect(ways.getByRole("link", { name: label }).getAttribute("href"), label).resolves.toBe(href);
      }
      return page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    });

    const signedOutOnly = new Set(["/console"]);
    const followed = [...new Set(hrefs)].filter((href) => !href.startsWith("#"));
    expect(followed.length).toBeGreaterThanOrEqual(9);
    for (const href of followed) {
      const answer = await fetch(new URL(href, appUrl), { redirect: "manual" });
      await answer.body?.cancel();
      if (signedOutOnly.has(href)) {
        // Behind sign-in: a signed-out visitor is sent to sign in and brought back.
        expect(answer.status, href).toBe(307);
        expect(answer.headers.get("location"), href).toBe(`/sign-in?callbackUrl=${encodeURIComponent(href)}`);
      } else {
        expect(answer.status, href).toBe(200);
      }
    }
    // The in-page link lands on a heading that exists.
    for (const anchor of hrefs.filter((href) => href.startsWith("#"))) {
      await withPage("phone", async (page) => {
        await page.goto(`${appUrl}/`);
        await expect(page.locator(anchor).count(), anchor).resolves.toBe(1);
      });
    }
  });

  it("sends a signed-in person straight on to their own home", async () => {
    const partner = await db().partner.create({ data: { name: `Front Tasks ${randomBytes(2).toString("hex")}` } });
    const workspace = await db().workspace.create({
      data: { partnerId: partner.id, externalId: `front-${randomBytes(3).toString("hex")}`, name: "Front Homes" },
    });
    const suffix = randomBytes(3).toString("hex");
    const people = {
      manager: { email: `manager-${suffix}@front-homes.com`, home: "/home" },
      staff: { email: `staff-${suffix}@walkthrough-staff.com`, home: "/admin" },
      // One partner: the console opens on it.
      engineer: { email: `dev-${suffix}@front-tasks.com`, home: `/console/${partner.id}` },
    };
    const manager = await db().user.create({ data: { email: people.manager.email } });
    await db().seat.create({ data: { workspaceId: workspace.id, userId: manager.id, role: "manager" } });
    const staff = await db().user.create({ data: { email: people.staff.email } });
    await db().staffMember.create({ data: { userId: staff.id } });
    const engineer = await db().user.create({ data: { email: people.engineer.email } });
    await db().partnerUser.create({ data: { partnerId: partner.id, userId: engineer.id } });

    for (const [who, person] of Object.entries(people)) {
      const cookie = await signInByMail({ baseUrl: appUrl, appUrl, smtp }, person.email);
      const answer = await fetch(new URL("/", appUrl), { redirect: "manual", headers: { cookie } });
      await answer.body?.cancel();
      expect(answer.status, who).toBe(307);
      expect(answer.headers.get("location"), who).toBe("/home");

      await withPage("desktop", async (page, context) => {
        const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
        await context.addCookies([{ name, value, url: appUrl }]);
        await page.goto(`${appUrl}/`);
        expect(new URL(page.url()).pathname, who).toBe(person.home);
      });
    }
  });

  it("takes a visitor from the front page to a sign-in link by keyboard alone", async () => {
    await withPage("phone", async (page) => {
      await page.goto(`${appUrl}/`);
      await page.keyboard.press("Tab");
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Skip to content");
      // The first control after the logo is the way to sign in.
      for (let presses = 0; presses < 5; presses += 1) {
        await page.keyboard.press("Tab");
        if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === "Sign in") break;
      }
      await expect(page.evaluate(() => document.activeElement?.getAttribute("href"))).resolves.toBe("/sign-in");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();

      const button = page.getByRole("button", { name: "Email me a sign-in link" });
      await expect.poll(() => button.isEnabled()).toBe(true);
      const email = `visitor-${randomBytes(3).toString("hex")}@front-homes.com`;
      await page.keyboard.press("Tab"); // the logo
      await page.keyboard.press("Tab"); // the address
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("email");
      await page.keyboard.type(email);
      await page.keyboard.press("Enter");
      await page.getByRole("status").getByRole("heading", { name: "Check your email" }).waitFor();
      await expect(page.getByRole("status").textContent()).resolves.toContain(email);
    });
  });
});

describe("the sign-in form", () => {
  it.each([
    ["phone", 122],
    ["desktop", 124],
  ] as const)("says what is wrong with an address, then that the link is on its way, on a %s", async (size, number) => {
    await withPage(size, async (page) => {
      await page.goto(`${appUrl}/sign-in`);
      const address = page.getByLabel("Email address");
      // An address no mail can reach is refused with the field, announced, and the field marked invalid.
      await address.fill("someone@[10.0.0.1]");
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await page.getByRole("alert").getByText("Enter an email address we can send to").waitFor();
      await expect(address.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(address.evaluate((input) => input.getAttribute("aria-describedby"))).resolves.toBe("email-error");
      await expectAccessible(page, `the sign-in form with an error (${size})`);
      await screenshot(page, `${number}-sign-in-error-${size}`);

      const email = `visitor-${randomBytes(3).toString("hex")}@front-homes.com`;
      await address.fill(email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      const sent = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Check your email" }) });
      await sent.waitFor();
      await expect(sent.textContent()).resolves.toContain(email);
      await expectAccessible(page, `the sign-in form, link sent (${size})`);
      await screenshot(page, `${number + 1}-sign-in-sent-${size}`);
      // Another address can be tried from here.
      await sent.getByRole("button", { name: "Use another address" }).click();
      await page.getByLabel("Email address").waitFor();
    });
  });
});

/** The signed-out pages, each at both sizes: how to know it has rendered. */
const signedOutPages: { slug: string; path: string; ready: (page: Page) => Promise<void>; fullPage?: boolean }[] = [
  { slug: "sign-in", path: "/sign-in", ready: (page) => page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor() },
  {
    slug: "sign-in-signed-out",
    path: "/sign-in?signed_out=1",
    ready: (page) => page.getByRole("status").getByText("You are signed out.").waitFor(),
  },
  {
    slug: "sign-in-check-email",
    path: "/sign-in/check-email",
    ready: (page) => page.getByRole("heading", { level: 1, name: "Check your email" }).waitFor(),
  },
  {
    slug: "sign-in-failed",
    path: "/sign-in/failed?error=Verification",
    ready: (page) => page.getByRole("heading", { level: 1, name: "This sign-in link no longer works" }).waitFor(),
  },
  {
    slug: "not-found",
    path: "/no-such-page",
    ready: (page) => page.getByRole("heading", { level: 1, name: "There is nothing at this address" }).waitFor(),
  },
  {
    slug: "demo-confirm",
    path: "/demo/confirm?token=demo_ct_nothing",
    ready: (page) => page.getByRole("heading", { level: 1, name: "Confirm your demo submission" }).waitFor(),
  },
  {
    slug: "demo-confirm-incomplete",
    path: "/demo/confirm",
    ready: (page) => page.getByRole("alert").getByText("This link is incomplete").waitFor(),
  },
  {
    slug: "demo-terms",
    path: "/demo/terms",
    ready: (page) => page.getByRole("heading", { level: 1, name: "Demo terms" }).waitFor(),
    fullPage: true,
  },
  {
    slug: "demo-guide",
    path: "/docs/demo",
    ready: (page) => page.getByRole("heading", { level: 2, name: "Three steps" }).waitFor(),
    fullPage: true,
  },
  {
    slug: "connectors",
    path: "/docs/connectors",
    ready: (page) => page.getByRole("heading", { level: 2, name: /Guesty/ }).waitFor(),
    fullPage: true,
  },
];

describe("the signed-out pages", () => {
  const cases = signedOutPages.flatMap((entry, index) =>
    (["phone", "desktop"] as const).map((size, sizeIndex) => ({
      ...entry,
      size,
      name: `${102 + index * 2 + sizeIndex}-${entry.slug}-${size}`,
    })),
  );

  it.each(cases)("$path on a $size is on the kit and accessible ($name)", async ({ path, size, ready, fullPage, name }) => {
    await withPage(size, async (page) => {
      const response = await page.goto(`${appUrl}${path}`);
      expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
      await ready(page);
      expect(await cssModuleClasses(page), "classes from the old CSS modules").toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        (size === "phone" ? phoneViewport : desktopViewport).width,
      );
      await expectAccessible(page, `${path} (${size})`);
      await screenshot(page, name, { fullPage: fullPage ?? false });
    });
  });
});
