"use client";

import * as RadixToast from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck } from "lucide-react";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { cn } from "./cn";

interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  tone: "success" | "error";
}

const ToastContext = createContext<(message: Omit<ToastMessage, "id">) => void>(() => {});

/** Shows a short confirmation ("Invitation sent") without moving the focus; errors stay until closed. */
export function useToast() {
  return useContext(ToastContext);
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  const show = useCallback((message: Omit<ToastMessage, "id">) => {
    setMessages((current) => [...current, { ...message, id: nextId++ }]);
  }, []);
  const remove = (id: number) => setMessages((current) => current.filter((message) => message.id !== id));
  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider swipeDirection="right" duration={5000}>
        {children}
        {messages.map((message) => {
          const Icon = message.tone === "error" ? CircleAlert : CircleCheck;
          return (
            <RadixToast.Root
              key={message.id}
              type={message.tone === "error" ? "foreground" : "background"}
              duration={message.tone === "error" ? Infinity : 5000}
              onOpenChange={(open) => !open && remove(message.id)}
              className="flex items-start gap-3 rounded-lg border border-line bg-surface p-4 shadow-raised"
            >
              <Icon
                aria-hidden
                className={cn("mt-0.5 size-5 shrink-0", message.tone === "error" ? "text-danger" : "text-success")}
              />
              <div className="min-w-0 flex-1">
                <RadixToast.Title className="text-sm font-semibold text-ink">{message.title}</RadixToast.Title>
                {message.description && (
                  <RadixToast.Description className="mt-0.5 text-sm text-muted">{message.description}</RadixToast.Description>
                )}
              </div>
              <RadixToast.Close className="rounded-md px-2 py-1 text-sm text-muted hover:bg-subtle hover:text-ink">
                Dismiss
              </RadixToast.Close>
            </RadixToast.Root>
          );
        })}
        <RadixToast.Viewport className="fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}
