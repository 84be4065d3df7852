"use client";

import type { FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field, Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { formatVideoTime } from "@/lib/format/dates";
import type { FindingCategory, FindingSeverity } from "@/lib/generated/prisma/enums";
import { categoryLabel, severityLabel } from "@/lib/labels/labels";

const severities = Object.keys(severityLabel) as FindingSeverity[];
const categories = Object.keys(categoryLabel) as FindingCategory[];

export interface NewFinding {
  room: string;
  description: string;
  severity: FindingSeverity;
  category: FindingCategory;
}

/**
 * A finding at the paused frame (A): that frame becomes its "after" picture and the closest
 * baseline picture is proposed as "before". Room and description first, so Enter in either saves.
 */
export function AddFindingDialog({
  open,
  onOpenChange,
  atSeconds,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  atSeconds: number;
  onSave: (finding: NewFinding) => void;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSave({
      room: String(form.get("room")),
      description: String(form.get("description")),
      severity: form.get("severity") as FindingSeverity,
      category: form.get("category") as FindingCategory,
    });
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Add a finding at ${formatVideoTime(atSeconds)}`}
      description="The paused frame becomes its “after” picture; the closest baseline picture is proposed as “before”."
      className="max-w-lg"
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <Field id="finding-room" label="Room">
          <Input name="room" required maxLength={80} autoFocus />
        </Field>
        <Field id="finding-description" label="Description">
          <Input name="description" required maxLength={300} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="finding-severity" label="Severity">
            <Select name="severity" defaultValue="MODERATE">
              {severities.map((value) => (
                <option key={value} value={value}>
                  {severityLabel[value]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="finding-category" label="Category">
            <Select name="category" defaultValue="damage">
              {categories.map((value) => (
                <option key={value} value={value}>
                  {categoryLabel[value]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="mt-2 flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Add finding</Button>
        </div>
      </form>
    </Dialog>
  );
}
