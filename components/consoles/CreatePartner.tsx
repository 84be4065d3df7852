"use client";

import { useMutation } from "@tanstack/react-query";
import { ArrowRight, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { callApi } from "@/components/ui/call-api";
import { Card, CardHeader } from "@/components/ui/Card";
import { ErrorAlert } from "@/components/ui/ErrorAlert";
import { Field, Input } from "@/components/ui/Field";
import { OnceSecret } from "./OnceSecret";

export function CreatePartner() {
  const router = useRouter();
  const create = useMutation({
    mutationFn: (name: string) =>
      callApi<{ partnerId: string; apiKey: string }>("/api/console/partners", { method: "POST", body: { name } }),
    onSuccess: () => router.refresh(),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(String(new FormData(event.currentTarget).get("name") ?? ""));
  }

  return (
    <Card aria-labelledby="create-title">
      <CardHeader id="create-title" title="New partner" description="Its first API key is made with it and shown once." />
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id="partner-name" label="Name" className="flex-1">
          <Input name="name" required maxLength={200} placeholder="Acme Tasks" />
        </Field>
        <Button type="submit" disabled={create.isPending}>
          <Plus aria-hidden />
          {create.isPending ? "Creating…" : "Create partner"}
        </Button>
      </form>
      <div className="mt-4 flex flex-col gap-3 empty:hidden">
        <ErrorAlert error={create.error} />
        {create.data && (
          <>
            <OnceSecret label="Its first API key" value={create.data.apiKey} />
            <Button asChild variant="secondary" size="sm" className="self-start">
              <a href={`/admin/partners/${create.data.partnerId}`}>
                Open the partner
                <ArrowRight aria-hidden />
              </a>
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
