"use client";

import { X } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import type { VerdictFilter } from "@/lib/people/read-inspections";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { useHydrated } from "@/components/ui/use-hydrated";

export interface FilterValues {
  workspace: string;
  home: string;
  verdict: string;
  from: string;
  to: string;
}

const none: FilterValues = { workspace: "", home: "", verdict: "", from: "", to: "" };
const verdicts: VerdictFilter[] = ["not_ready", "check", "ready", "unreleased"];

/**
 * The home's filters. They apply as they change: the address's query is replaced (so a reload or
 * a shared link keeps them) and the server renders the rows again. Without scripts the form is a
 * plain GET with an Apply button, which hydration takes away.
 */
export function InspectionFilters({
  initial,
  workspaces,
  homes,
}: {
  initial: FilterValues;
  workspaces: { id: string; name: string }[];
  homes: { id: string; name: string }[];
}) {
  const t = useTranslations("people.filters");
  const router = useRouter();
  const pathname = usePathname();
  const hydrated = useHydrated();
  const [values, setValues] = useState(initial);
  const [pending, startTransition] = useTransition();

  function apply(next: FilterValues) {
    setValues(next);
    const query = new URLSearchParams(Object.entries(next).filter(([, value]) => value !== ""));
    const search = query.toString();
    startTransition(() => router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false }));
  }
  const change = (name: keyof FilterValues) => (event: { target: { value: string } }) =>
    // Another workspace's homes are not in the list: a chosen home is let go with its workspace.
    apply({ ...values, [name]: event.target.value, ...(name === "workspace" ? { home: "" } : {}) });
  const filtered = Object.values(values).some((value) => value !== "");

  return (
    <form method="get" role="search" aria-label={t("label")} className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]">
        {workspaces.length > 1 && (
          <Field id="filter-workspace" label={t("workspace")} className="col-span-2 sm:col-span-1">
            <Select name="workspace" value={values.workspace} onChange={change("workspace")}>
              <option value="">{t("allWorkspaces")}</option>
              {workspaces.map((workspace) => (
                <option key={workspace.id} value={workspace.id}>
                  {workspace.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field id="filter-home" label={t("home")} className="col-span-2 sm:col-span-1">
          <Select name="home" value={values.home} onChange={change("home")}>
            <option value="">{t("allHomes")}</option>
            {homes.map((home) => (
              <option key={home.id} value={home.id}>
                {home.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filter-verdict" label={t("verdict")} className="col-span-2 sm:col-span-1">
          <Select name="verdict" value={values.verdict} onChange={change("verdict")}>
            <option value="">{t("anyVerdict")}</option>
            {verdicts.map((verdict) => (
              <option key={verdict} value={verdict}>
                {t(`verdicts.${verdict}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filter-from" label={t("from")}>
          <Input name="from" type="date" value={values.from} max={values.to || undefined} onChange={change("from")} />
        </Field>
        <Field id="filter-to" label={t("to")}>
          <Input name="to" type="date" value={values.to} min={values.from || undefined} onChange={change("to")} />
        </Field>
      </div>
      {(!hydrated || filtered) && (
        <div className="flex flex-wrap items-center gap-3">
          {hydrated ? (
            <Button variant="ghost" size="sm" onClick={() => apply(none)} className="-ml-3">
              <X aria-hidden />
              {t("clear")}
            </Button>
          ) : (
            <Button type="submit" variant="secondary" size="sm">
              {t("apply")}
            </Button>
          )}
        </div>
      )}
      <span role="status" aria-live="polite" className="sr-only">
        {pending ? t("updating") : ""}
      </span>
    </form>
  );
}
