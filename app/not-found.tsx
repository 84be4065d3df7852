import type { Metadata } from "next";
import { Button } from "@/components/ui/Button";
import { CentredPage, CentredPageHeading } from "@/components/ui/CentredPage";

export const metadata: Metadata = { title: "Page not found · Walkthrough" };

export default function NotFound() {
  return (
    <CentredPage>
      <CentredPageHeading eyebrow="Page not found" title="There is nothing at this address">
        The link may be mistyped, or what it pointed to has been removed. A report you were sent stays at the link in its mail.
      </CentredPageHeading>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <a href="/">Go to the front page</a>
        </Button>
        <Button asChild variant="secondary">
          <a href="/sign-in">Sign in</a>
        </Button>
      </div>
    </CentredPage>
  );
}
