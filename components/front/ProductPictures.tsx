/**
 * A real report with the recording app in front of it, both from the e2e screenshots
 * (scripts/front-images.ts makes them), so the picture is the product and not a mock-up.
 */
export function ProductPictures() {
  return (
    <div className="relative pb-10 sm:pb-14 lg:pb-0">
      <figure className="overflow-hidden rounded-xl border border-line bg-surface shadow-raised">
        <div className="flex items-center gap-1.5 border-b border-line bg-subtle px-3 py-2" aria-hidden>
          <span className="size-2.5 rounded-full bg-line-strong" />
          <span className="size-2.5 rounded-full bg-line-strong" />
          <span className="size-2.5 rounded-full bg-line-strong" />
        </div>
        <img
          src="/front/report.webp"
          width={1200}
          height={900}
          alt="An inspection report: the home and its address, the findings by room with their pictures, and the walkthrough video."
          className="block h-auto w-full"
          fetchPriority="high"
        />
      </figure>
      <figure className="absolute right-3 -bottom-2 w-[30%] max-w-48 overflow-hidden rounded-[1.4rem] border-4 border-ink bg-ink shadow-raised sm:right-6 lg:-right-4 lg:-bottom-10">
        <img
          src="/front/recording.webp"
          width={390}
          height={844}
          alt="The recording app on a phone: the camera view with the checklist under it, ticked as the cleaner goes."
          className="block h-auto w-full rounded-[1.1rem]"
          loading="lazy"
        />
      </figure>
    </div>
  );
}
