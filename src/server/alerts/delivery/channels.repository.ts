/**
 * The organisation's notification channels (`alert_channels`) and its members' alert e-mail opt-in
 * (`memberships.alert_emails`). Every query is scoped by the caller's organisation.
 */
import { and, eq, sql } from "drizzle-orm";
import type { EmailPreference } from "../../../contracts/alert-delivery";
import type { Db } from "../../db/client";
import { alertChannels, memberships, users } from "../../db/schema";

export type StoredChannels = {
  emailRecipients: string[];
  smsRecipients: string[];
  webhookUrl: string | null;
  webhookSecret: string | null;
  updatedAt: Date | null;
};

const NONE: StoredChannels = {
  emailRecipients: [],
  smsRecipients: [],
  webhookUrl: null,
  webhookSecret: null,
  updatedAt: null,
};

export async function getChannels(db: Db, orgId: number): Promise<StoredChannels> {
  const [row] = await db.select().from(alertChannels).where(eq(alertChannels.orgId, orgId));
  return row ?? NONE;
}

/** Replaces the channels; `webhookSecret` undefined keeps the stored one (one statement, never half-applied). */
export async function saveChannels(
  db: Db,
  orgId: number,
  userId: number,
  input: {
    emailRecipients: string[];
    smsRecipients?: string[];
    webhookUrl: string | null;
    webhookSecret?: string | null;
  },
): Promise<void> {
  const values = {
    emailRecipients: input.emailRecipients,
    ...(input.smsRecipients !== undefined ? { smsRecipients: input.smsRecipients } : {}),
    webhookUrl: input.webhookUrl,
    ...(input.webhookSecret !== undefined ? { webhookSecret: input.webhookSecret } : {}),
    updatedBy: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(alertChannels)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: alertChannels.orgId, set: values });
}

/** Every member with their opt-in, by e-mail. */
export async function listEmailPreferences(db: Db, orgId: number): Promise<EmailPreference[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      alertEmails: memberships.alertEmails,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.orgId, orgId))
    .orderBy(users.email);
  return rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    name: [r.firstName, r.lastName].filter(Boolean).join(" "),
    alertEmails: r.alertEmails,
  }));
}

/** Sets one member's opt-in; false when the user is no member of the organisation. */
export async function setEmailPreference(
  db: Db,
  orgId: number,
  userId: number,
  alertEmails: boolean,
): Promise<boolean> {
  const updated = await db
    .update(memberships)
    .set({ alertEmails })
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId });
  return updated.length > 0;
}

/** How many members opted in. */
export async function countOptedIn(db: Db, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.alertEmails, true)));
  return row?.n ?? 0;
}

/**
 * Where an alert e-mail goes: the addresses of members who opted in and the channels' extra addresses, each
 * once (lower case).
 */
export async function emailRecipients(db: Db, orgId: number, channels: StoredChannels): Promise<string[]> {
  const members = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), eq(memberships.alertEmails, true)));
  return [...new Set([...members.map((m) => m.email.toLowerCase()), ...channels.emailRecipients])];
}
