import "server-only";
import { createHash } from "node:crypto";
import type { Adapter, AdapterSession, AdapterUser } from "next-auth/adapters";
import { db } from "../db/client";

/*
 * next-auth's database adapter on the project's own Prisma client (the published Prisma adapter
 * imports `@prisma/client`'s PrismaClient, which Prisma 7's generated client is not). Email links
 * only: no OAuth accounts. Session tokens are stored as their SHA-256, so a copy of the table
 * signs nobody in.
 */

const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");

interface UserRow {
  id: string;
  email: string;
  name: string | null;
  emailVerified: Date | null;
}

const toAdapterUser = (user: UserRow): AdapterUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  emailVerified: user.emailVerified,
});

export function authAdapter(): Adapter {
  return {
    async createUser(user: Omit<AdapterUser, "id">) {
      // Upsert: an invitation may have made the person before their first sign-in.
      const email = user.email.toLowerCase();
      const row = await db().user.upsert({
        where: { email },
        create: { email, name: user.name ?? null, emailVerified: user.emailVerified },
        update: { emailVerified: user.emailVerified },
      });
      return toAdapterUser(row);
    },
    async getUser(id) {
      const row = await db().user.findUnique({ where: { id } });
      return row && toAdapterUser(row);
    },
    async getUserByEmail(email) {
      const row = await db().user.findUnique({ where: { email: email.toLowerCase() } });
      return row && toAdapterUser(row);
    },
    getUserByAccount: () => null,
    async updateUser({ id, name, emailVerified }) {
      const row = await db().user.update({ where: { id }, data: { name, emailVerified } });
      return toAdapterUser(row);
    },
    async createSession({ sessionToken, userId, expires }) {
      await db().session.create({ data: { tokenHash: hashSessionToken(sessionToken), userId, expires } });
      return { sessionToken, userId, expires };
    },
    async getSessionAndUser(sessionToken) {
      const row = await db().session.findUnique({
        where: { tokenHash: hashSessionToken(sessionToken) },
        include: { user: true },
      });
      if (row === null) return null;
      return { session: { sessionToken, userId: row.userId, expires: row.expires }, user: toAdapterUser(row.user) };
    },
    async updateSession({ sessionToken, expires }): Promise<AdapterSession | null> {
      if (expires === undefined) return null;
      const rows = await db().$queryRaw<{ user_id: string }[]>`
        UPDATE session SET expires = ${expires} WHERE token_hash = ${hashSessionToken(sessionToken)} RETURNING user_id`;
      return rows[0] === undefined ? null : { sessionToken, userId: rows[0].user_id, expires };
    },
    async deleteSession(sessionToken) {
      await db().session.deleteMany({ where: { tokenHash: hashSessionToken(sessionToken) } });
    },
    // next-auth's own link from the form is never mailed (the sign-in mail job makes the link it
    // sends, lib/auth/sign-in-mail.ts), so it is not stored: a link that was never sent signs nobody in.
    createVerificationToken: (token) => token,
    async useVerificationToken({ identifier, token }) {
      // Deleted as it is read: a link works once, even when two tabs open it together.
      const rows = await db().$queryRaw<{ identifier: string; token: string; expires: Date }[]>`
        DELETE FROM verification_token WHERE identifier = ${identifier} AND token = ${token}
        RETURNING identifier, token, expires`;
      return rows[0] ?? null;
    },
  };
}
