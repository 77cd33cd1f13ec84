import { z } from "zod";
import { singleLineText } from "./common";

export const ROLES = ["owner", "admin", "analyst", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** Roles allowed to change fleet data. */
export const WRITER_ROLES: readonly Role[] = ["owner", "admin", "analyst"];
/** Roles allowed to manage the organisation (members, settings). */
export const ADMIN_ROLES: readonly Role[] = ["owner", "admin"];

export const PASSWORD_MIN_LENGTH = 10;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("must be a valid email address"))
  .pipe(z.string().max(254));
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, "must be at most 256 characters");

export const registerBody = z
  .object({
    email,
    password,
    firstName: singleLineText().min(1, "is required").max(100),
    lastName: singleLineText().max(100).optional(),
    organizationName: singleLineText().min(1, "is required").max(200),
  })
  .strict();
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z
  .object({
    email: z.string().trim().toLowerCase().min(1, "is required").max(254, "must be at most 254 characters"),
    password: z.string().min(1, "is required").max(256, "must be at most 256 characters"),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBody>;

export const currentUser = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  organization: z.object({ id: z.number(), name: z.string(), isDemo: z.boolean() }),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const addMemberBody = z
  .object({
    email,
    password,
    firstName: singleLineText().min(1, "is required").max(100),
    lastName: singleLineText().max(100).optional(),
    role: z.enum(ROLES),
  })
  .strict();
export type AddMemberBody = z.infer<typeof addMemberBody>;

export const member = z.object({
  userId: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
});
export type Member = z.infer<typeof member>;

/** `PATCH /api/org/members/:userId`: owners and admins change a member's role (only owners touch owners). */
export const changeRoleBody = z.object({ role: z.enum(ROLES) }).strict();
export type ChangeRoleBody = z.infer<typeof changeRoleBody>;

/** `POST /api/auth/password`: the signed-in user changes their password; their other sessions end. */
export const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, "is required").max(256, "must be at most 256 characters"),
    newPassword: password,
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Answer of `POST /api/auth/sessions/revoke-others`: how many other sessions were ended. */
export const revokedSessions = z.object({ revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof revokedSessions>;

/** `POST /api/auth/step-up`: an owner or admin re-enters their password to elevate this session (PRODUCT.md D3). */
export const stepUpBody = z
  .object({ password: z.string().min(1, "is required").max(256, "must be at most 256 characters") })
  .strict();
export type StepUpBody = z.infer<typeof stepUpBody>;

/** This session's elevation: until when (ISO instant), or null when it is not elevated. */
export const stepUpState = z.object({ elevatedUntil: z.string().nullable() });
export type StepUpState = z.infer<typeof stepUpState>;

/** The wrong-password message of the /admin locked view (the specification's wrong-key message, adapted). */
export const STEP_UP_WRONG_PASSWORD =
  "Invalid password. This area is restricted to authorized personnel only.";
