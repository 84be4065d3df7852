import path from "node:path";
import sharp from "sharp";

/*
 * The front page's two pictures, made from the e2e screenshots so they show the product as it is:
 * the top of a real report (the verdict and the first findings) and the recording app mid-walkthrough.
 * Run again after the screenshots are refreshed: `npx tsx scripts/front-images.ts`.
 */

const root = path.resolve(import.meta.dirname, "..");
const screenshots = path.join(root, "tests/e2e/screenshots");
const out = path.join(root, "public/front");

/** A tall full-page screenshot is cut to its first screenful-and-a-bit: what a visitor needs to recognise a report. */
const reportCropRatio = 0.75;

async function report(): Promise<void> {
  const source = sharp(path.join(screenshots, "22-report-desktop.png"));
  const { width = 0, height = 0 } = await source.metadata();
  const cropHeight = Math.min(height, Math.round(width * reportCropRatio));
  await source
    .extract({ left: 0, top: 0, width, height: cropHeight })
    .resize({ width: 1200, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toFile(path.join(out, "report.webp"));
}

async function recording(): Promise<void> {
  await sharp(path.join(screenshots, "2-recording.png"))
    .resize({ width: 390, withoutEnlargement: true })
    .webp({ quality: 85 })
    .toFile(path.join(out, "recording.webp"));
}

Promise.all([report(), recording()]).then(
  () => console.log(`front-page images written to ${path.relative(root, out)}/`),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
