import type { Metadata } from "next";
import { DemoConfirm } from "@/components/demo/DemoConfirm";
import { CentredPage, CentredPageHeading } from "@/components/ui/CentredPage";
import { TextLink } from "@/components/ui/TextLink";

export const metadata: Metadata = { title: "Confirm your demo submission · Walkthrough", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function DemoConfirmPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  return (
    <CentredPage
      footer={
        <>
          The <TextLink href="/demo/terms">demo terms</TextLink> apply.
        </>
      }
    >
      <CentredPageHeading id="confirm-title" title="Confirm your demo submission">
        Confirm to show this address is yours. Nothing is analysed or mailed until you do.
      </CentredPageHeading>
      <DemoConfirm token={typeof token === "string" ? token : ""} />
    </CentredPage>
  );
}
