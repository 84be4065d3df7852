import { ClipboardCheck, FileText, Smartphone } from "lucide-react";

const steps = [
  {
    icon: Smartphone,
    title: "The cleaner records",
    text: "Your task platform hands the cleaner a link. It opens a recording app in the phone's browser, nothing to install, with the home's checklist beside the camera.",
  },
  {
    icon: ClipboardCheck,
    title: "Walkthrough checks it",
    text: "The video is compared with the checklist and with earlier pictures of the home. Damage, missed cleaning and skipped steps become findings, each at a moment in the video.",
  },
  {
    icon: FileText,
    title: "The manager decides",
    text: "The report opens on one answer: ready for guests, check first, or not ready. Then the findings with pictures, the video, and a PDF for the owner.",
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="flex flex-col gap-6">
      <h2 id="how-title" className="text-2xl font-semibold tracking-tight text-ink">
        How it works
      </h2>
      <ol className="grid gap-4 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-lg border border-line bg-surface p-5 shadow-card">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
              <step.icon aria-hidden className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold text-ink">
                <span className="text-muted">{index + 1}. </span>
                {step.title}
              </h3>
              <p className="mt-1 text-sm text-ink-soft">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
