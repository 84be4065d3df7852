"use client";

import { LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { Button } from "./Button";

export function SignOutButton() {
  return (
    <Button variant="secondary" size="sm" onClick={() => void signOut({ callbackUrl: "/sign-in?signed_out=1" })}>
      <LogOut aria-hidden />
      Sign out
    </Button>
  );
}
