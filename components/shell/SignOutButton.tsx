"use client";

import { signOut } from "next-auth/react";
import styles from "./shell.module.css";

export function SignOutButton() {
  return (
    <button type="button" className={styles.linkButton} onClick={() => void signOut({ callbackUrl: "/sign-in?signed_out=1" })}>
      Sign out
    </button>
  );
}
