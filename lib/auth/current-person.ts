import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "./options";

export interface Person {
  id: string;
  email: string;
  name?: string;
}

/** The signed-in person of this request, from the session cookie; undefined without a live session. */
export async function currentPerson(): Promise<Person | undefined> {
  const session = await getServerSession(authOptions());
  const user = session?.user as { id?: string; email?: string | null; name?: string | null } | undefined;
  if (!user?.id || !user.email) return undefined;
  return { id: user.id, email: user.email, name: user.name ?? undefined };
}

/**
 * For pages behind sign-in (next-auth's middleware cannot read database sessions): the person, or
 * a redirect to the sign-in page that comes back to `returnPath` afterwards.
 */
export async function requirePerson(returnPath: string): Promise<Person> {
  const person = await currentPerson();
  if (person === undefined) redirect(`/sign-in?${new URLSearchParams({ callbackUrl: returnPath })}`);
  return person;
}
