"use client";

import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical, X } from "lucide-react";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Field";
import { cn } from "@/components/ui/cn";
import type { ChecklistRow, RowProblems } from "@/lib/consoles/checklist-rows";

const itemLabelOf = (row: ChecklistRow, index: number) => row.name.trim() || `item ${index + 1}`;

/** What dnd-kit's live region says while a row is dragged by keyboard: the item's name and place, in words. */
export function dragAnnouncements(rows: readonly ChecklistRow[]): Announcements {
  const place = (id: string | number) => rows.findIndex((row) => row.key === id);
  const name = (id: string | number) => {
    const index = place(id);
    return index < 0 ? "The item" : itemLabelOf(rows[index]!, index);
  };
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, at place ${place(active.id) + 1} of ${rows.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} is now at place ${place(over.id) + 1} of ${rows.length}.`
        : `${name(active.id)} is outside the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${name(active.id)} at place ${place(over.id) + 1} of ${rows.length}.` : `Put ${name(active.id)} back.`,
    onDragCancel: ({ active }) => `Put ${name(active.id)} back where it was.`,
  };
}

export const dragInstructions: ScreenReaderInstructions = {
  draggable: "To move an item, press Space, move it with the arrow keys, then press Space to drop it or Escape to put it back.",
};

/**
 * One checklist item in the company checklist editor: its drag handle, name and notes with the
 * name rules' problems beside them, arrows to move it and a button to remove it.
 */
export function ChecklistRowEditor({
  row,
  index,
  count,
  problems,
  onEdit,
  onMove,
  onRemove,
}: {
  row: ChecklistRow;
  index: number;
  count: number;
  problems: RowProblems;
  onEdit: (field: "name" | "notes", value: string) => void;
  /** Moves the row `delta` places; the focus stays on the control named `focus` (its data-focus). */
  onMove: (delta: number, focus: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.key,
  });
  const itemLabel = itemLabelOf(row, index);
  const nameId = `${row.key}-name`;
  const notesId = `${row.key}-notes`;
  return (
    <li
      ref={setNodeRef}
      // The row follows the pointer: a position computed while it is dragged.
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        "grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-2 rounded-md bg-surface sm:grid-cols-[auto_2rem_minmax(0,1fr)_auto]",
        isDragging && "relative z-10 shadow-lg ring-1 ring-line",
      )}
      onKeyDown={(event) => {
        if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
        event.preventDefault();
        const target = event.target as HTMLElement;
        onMove(event.key === "ArrowUp" ? -1 : 1, target.dataset.focus ?? nameId);
      }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag ${itemLabel} to another place`}
        className="mt-1 flex size-8 cursor-grab touch-none items-center justify-center rounded-sm text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus active:cursor-grabbing"
      >
        <GripVertical aria-hidden className="size-4" />
      </button>
      <span className="hidden pt-2 text-right text-sm text-muted tabular-nums sm:block" aria-hidden>
        {index + 1}.
      </span>
      {/* Name and notes side by side where there is room, one above the other on a phone. */}
      <div className="grid gap-2 sm:grid-cols-2">
        <RowField
          id={nameId}
          label={`Name of item ${index + 1}`}
          value={row.name}
          placeholder="Kitchen: wipe the counters"
          problem={problems.name}
          onChange={(value) => onEdit("name", value)}
        />
        <RowField
          id={notesId}
          label={`Notes of item ${index + 1}`}
          value={row.notes}
          placeholder="Notes (optional)"
          problem={problems.notes}
          onChange={(value) => onEdit("notes", value)}
        />
      </div>
      <div className="flex items-center gap-0.5">
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          data-focus={`${row.key}-up`}
          aria-label={`Move ${itemLabel} up`}
          disabled={index === 0}
          onClick={() => onMove(-1, `${row.key}-up`)}
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          data-focus={`${row.key}-down`}
          aria-label={`Move ${itemLabel} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1, `${row.key}-down`)}
        >
          <ArrowDown aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="px-2 text-danger hover:text-danger"
          aria-label={`Remove ${itemLabel}`}
          onClick={onRemove}
        >
          <X aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/** A row's name or notes: labelled for screen readers, its name-rule problem said under it. */
function RowField({
  id,
  label,
  value,
  placeholder,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  problem?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        data-focus={id}
        value={value}
        placeholder={placeholder}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
