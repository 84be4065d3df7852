"use client";

import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { failReasonLabel, labelOf } from "@/lib/labels/console-labels";
import { staffFailReasons } from "@/lib/review/fail-reasons";

/** Failing ends the inspection without a report: only from here, with the reason, never in one key. */
export function FailDialog({
  open,
  onOpenChange,
  onFail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onFail: (reason: string) => void;
}) {
  const [reason, setReason] = useState<string>(staffFailReasons[0]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Fail this inspection?"
      description="No report will be made, and the partner is told it failed with this reason."
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onFail(reason);
        }}
      >
        <Field id="fail-reason" label="Reason">
          <Select value={reason} onChange={(event) => setReason(event.target.value)} autoFocus>
            {staffFailReasons.map((value) => (
              <option key={value} value={value}>
                {labelOf(failReasonLabel, value)}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive">
            Fail inspection
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
