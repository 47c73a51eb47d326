import { z } from 'zod';
import { isPermission, type Permission } from '../permissions';
import type { StaffRole } from '../roles';

/** Role Management and Access Control: `/api/admin/roles*`. */

export const ROLE_NAME_MAX = 60;
export const ROLE_DESCRIPTION_MAX = 300;

const permissionList = z
  .array(z.string(), { message: 'Permissions must be a list.' })
  .max(100)
  .refine((list) => list.every(isPermission), { message: 'Unknown permission.' })
  .transform((list) => [...new Set(list)] as Permission[]);

const name = z
  .string({ message: 'Enter a name.' })
  .trim()
  .min(2, 'The name must be at least 2 characters.')
  .max(ROLE_NAME_MAX, `The name must be at most ${ROLE_NAME_MAX} characters.`)
  .refine((v) => /[A-Za-z0-9]/.test(v), 'The name needs at least one letter or digit.');
const description = z.string().trim().max(ROLE_DESCRIPTION_MAX, `The description must be at most ${ROLE_DESCRIPTION_MAX} characters.`);

/** POST /api/admin/roles: the id is made from the name (custom:<slug>). */
export const CreateRoleBody = z.object({ name, description: description.default(''), permissions: permissionList.default([]) }).strict();
export type CreateRoleBody = z.infer<typeof CreateRoleBody>;

/** PATCH /api/admin/roles/:id: any of the three; the id stays. */
export const UpdateRoleBody = z
  .object({ name, description, permissions: permissionList })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change.');
export type UpdateRoleBody = z.infer<typeof UpdateRoleBody>;

/** `:id` of a role, as typed in the address (the client encodes the colon); the service refuses built-in and unknown ones. */
export const RoleParams = z.object({ id: z.string().max(100, 'No such role.') });

export interface RoleInfo {
  id: StaffRole;
  name: string;
  description: string;
  builtin: boolean;
  /** Effective permissions (a custom role's include 'admin:access'). */
  permissions: Permission[];
  /** Accounts that hold the role now. */
  users: number;
  /** Null for built-in roles (they come with the software). */
  createdAt: string | null;
  updatedAt: string | null;
}

/** GET /api/admin/roles: built-in staff roles first, then custom ones by name. */
export interface RolesResponse {
  roles: RoleInfo[];
  /** Every permission, in table order. */
  permissions: Permission[];
  /** Permissions only a super administrator may put into a custom role. */
  superAdminOnly: Permission[];
}

export interface RoleResponse {
  role: RoleInfo;
}

/** GET /api/auth/me answers the user and what they may do (staff read it to draw the menu and pages). */
export interface SessionPermissions {
  permissions: Permission[];
}
