"use client";

import { useMutation } from "@tanstack/react-query";
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { restrictToVerticalAxis } from "@dnd-kit/modifiers";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/Dialog";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { useToast } from "@/components/ui/Toast";
import { checklistTypeLabel } from "@/lib/labels/console-labels";
import { hasProblems, moveRow, rowProblems, rowsToItems, type ChecklistRow } from "@/lib/consoles/checklist-rows";
import { ChecklistRowEditor, dragAnnouncements, dragInstructions } from "./ChecklistRowEditor";
import type { ChecklistType } from "@/lib/generated/prisma/enums";
import type { CompanyChecklistView } from "@/lib/consoles/workspace-detail";

const types = Object.keys(checklistTypeLabel) as ChecklistType[];

/** The company-wide checklists of a workspace, each a list of rows under the partner API's name rules. */
export function CompanyChecklists({
  partnerId,
  workspaceId,
  lists,
}: {
  partnerId: string;
  workspaceId: string;
  lists: CompanyChecklistView[];
}) {
  return (
    <Card aria-labelledby="company-title">
      <CardHeader
        id="company-title"
        title="Company-wide checklists"
        description="They apply to every home of the workspace without a list of that type. Drag an item by its handle, or move it with the arrows (Alt+↑ and Alt+↓ in a row)."
      />
      <div className="flex flex-col divide-y divide-line">
        {types.map((type) => (
          <ChecklistEditor
            key={`${type}-${JSON.stringify(lists.find((candidate) => candidate.type === type)?.items ?? [])}`}
            partnerId={partnerId}
            workspaceId={workspaceId}
            type={type}
            list={lists.find((candidate) => candidate.type === type)}
          />
        ))}
      </div>
    </Card>
  );
}

function ChecklistEditor({
  partnerId,
  workspaceId,
  type,
  list,
}: {
  partnerId: string;
  workspaceId: string;
  type: ChecklistType;
  list?: CompanyChecklistView;
}) {
  const router = useRouter();
  const toast = useToast();
  const idBase = useId();
  const label = checklistTypeLabel[type];
  const name = label.toLowerCase();
  const counter = useRef(0);
  const newKey = () => `${idBase}-${(counter.current += 1)}`;
  const [rows, setRows] = useState<ChecklistRow[]>(() =>
    (list?.items ?? []).map((item) => ({ key: newKey(), name: item.name, notes: item.notes ?? "" })),
  );
  const [attempted, setAttempted] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  // The handle also moves by keyboard (Space, arrows, Space), as dnd-kit announces to screen readers.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const path = `/api/console/partners/${partnerId}/workspaces/${workspaceId}/checklists/${type}`;
  const change = useMutation({
    mutationFn: (items?: ReturnType<typeof rowsToItems>) =>
      callApi<{ items?: number; removed?: boolean }>(path, {
        method: items ? "PUT" : "DELETE",
        body: items ? { items } : undefined,
      }),
    onSuccess: (answer, items) => {
      toast({
        tone: "success",
        title: items ? `Saved the ${name} list: ${answer.items} items.` : `Removed the ${name} list.`,
      });
      router.refresh();
    },
  });

  const edit = (key: string, field: "name" | "notes", value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));

  /** Moves a row and keeps the focus on the control that moved it, at the row's new place. */
  function move(index: number, delta: number, focus: string, rowKey: string) {
    setRows((current) => moveRow(current, index, delta));
    requestAnimationFrame(() => {
      // A move to the top or bottom disables the arrow pressed: the focus goes to the row's other arrow.
      const other = focus.endsWith("-up") ? `${rowKey}-down` : focus.endsWith("-down") ? `${rowKey}-up` : focus;
      const target = [focus, other]
        .map((name) => listRef.current?.querySelector<HTMLElement>(`[data-focus="${name}"]`))
        .find((element) => element && !element.hasAttribute("disabled"));
      target?.focus();
    });
  }

  function add() {
    const key = newKey();
    setRows((current) => [...current, { key, name: "", notes: "" }]);
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-focus="${key}-name"]`)?.focus());
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (rows.length === 0 || hasProblems(rows)) return;
    change.mutate(rowsToItems(rows));
  }

  const titleId = `${idBase}-title`;
  return (
    <form onSubmit={save} aria-labelledby={titleId} className="flex flex-col gap-3 py-5 first:pt-0 last:pb-0">
      <div className="flex items-center gap-2">
        <h3 id={titleId} className="text-base font-semibold text-ink">
          {label}
        </h3>
        <Badge tone={list ? "info" : "neutral"}>
          {list ? `${list.items.length} ${list.items.length === 1 ? "item" : "items"} saved` : "None saved"}
        </Badge>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No items. Add the first one below.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[restrictToVerticalAxis]}
          accessibility={{ announcements: dragAnnouncements(rows), screenReaderInstructions: dragInstructions }}
          onDragEnd={({ active, over }) => {
            if (!over || active.id === over.id) return;
            setRows((current) =>
              arrayMove(
                current,
                current.findIndex((row) => row.key === active.id),
                current.findIndex((row) => row.key === over.id),
              ),
            );
          }}
        >
          <SortableContext items={rows.map((row) => row.key)} strategy={verticalListSortingStrategy}>
            <ol ref={listRef} className="flex flex-col gap-2" aria-label={`${label} items`}>
              {rows.map((row, index) => (
                <ChecklistRowEditor
                  key={row.key}
                  row={row}
                  index={index}
                  count={rows.length}
                  problems={attempted || row.name !== "" || row.notes !== "" ? rowProblems(row) : {}}
                  onEdit={(field, value) => edit(row.key, field, value)}
                  onMove={(delta, focus) => move(index, delta, focus, row.key)}
                  onRemove={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={add}>
          <Plus aria-hidden />
          Add item
        </Button>
        <Button type="submit" size="sm" disabled={change.isPending || rows.length === 0}>
          Save {name} list
        </Button>
        {list && (
          <ConfirmDialog
            title={`Remove the ${name} list?`}
            description={`All ${list.items.length} items go. Homes of this workspace without their own ${name} list then have none.`}
            confirmLabel="Remove list"
            onConfirm={() => change.mutate(undefined)}
            trigger={
              <Button variant="destructive" size="sm" disabled={change.isPending} className="ml-auto">
                Remove the {name} list
              </Button>
            }
          />
        )}
      </div>
      {attempted && hasProblems(rows) && (
        <p role="alert" className="text-sm font-medium text-danger">
          Not saved: fix the items marked above.
        </p>
      )}
      <div className="empty:hidden">
        <ErrorAlert error={change.error} />
      </div>
    </form>
  );
}
