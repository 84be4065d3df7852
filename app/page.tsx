import { ArrowRight } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { FrontFooter } from "@/components/front/FrontFooter";
import { HowItWorks } from "@/components/front/HowItWorks";
import { ProductPictures } from "@/components/front/ProductPictures";
import { WaysIn } from "@/components/front/WaysIn";
import { Button } from "@/components/ui/Button";
import { PageShell } from "@/components/ui/PageShell";
import { currentPerson } from "@/lib/auth/current-person";

export const metadata: Metadata = {
  title: "Walkthrough: know every home is ready before guests arrive",
  description:
    "Cleaners record a short video walkthrough; Walkthrough checks it and tells the property manager whether guests can check in.",
};
export const dynamic = "force-dynamic";

export default async function FrontPage() {
  // Signed in, the front door is in the way: /home sends managers to their inspections, staff to /admin, partners to /console.
  if (await currentPerson()) redirect("/home");
  return (
    <PageShell width="wide">
      <div className="flex flex-col gap-16 pt-2 sm:gap-20 sm:pt-6">
        <section aria-labelledby="front-title" className="grid items-center gap-10 lg:grid-cols-[5fr_7fr] lg:gap-14">
          <div className="flex flex-col gap-6">
            <p className="text-sm font-semibold text-accent">Video inspections for short-term rentals</p>
            <h1 id="front-title" className="text-4xl font-semibold tracking-tight text-ink sm:text-5xl">
              Know every home is ready before guests arrive
            </h1>
            <p className="text-lg text-ink-soft">
              After each clean, the cleaner records a short walkthrough on their phone. Walkthrough checks it against the
              home&apos;s checklist and earlier pictures, and tells the property manager whether guests can check in.
            </p>
            <p className="text-ink-soft">
              It works inside the property-management and task software you already use: your platform connects it once, and every
              cleaning task gets a recording link.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <a href="/sign-in">
                  Sign in
                  <ArrowRight aria-hidden />
                </a>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <a href="#ways-in-title">Integrate Walkthrough</a>
              </Button>
            </div>
          </div>
          <ProductPictures />
        </section>
        <HowItWorks />
        <WaysIn />
        <FrontFooter />
      </div>
    </PageShell>
  );
}
