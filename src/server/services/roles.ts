import { and, count, eq, inArray, like, or, sql } from 'drizzle-orm';
import { customRoles, users } from '../../db/schema';
import type { CreateRoleBody, RoleInfo, RolesResponse, UpdateRoleBody } from '../../shared/api/admin-roles';
import type { PublicUser } from '../../shared/api/auth';
import { builtinPermissions, CUSTOM_ROLE_BASE, customRolePermissions, PERMISSION_NAMES, SUPER_ADMIN_GRANTS, type Permission } from '../../shared/permissions';
import { CUSTOM_ROLE_PREFIX, customRoleId, isBuiltinRole, isCustomRole, type BuiltinStaffRole, type CustomRole, type Role } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { audit } from './users';

/**
 * Staff roles: the built-in ones (src/shared/permissions.ts, fixed) and custom ones (table `custom_roles`), which
 * administrators create, edit and delete. A custom role's permissions are read from the database on every request
 * that needs them (one primary-key lookup), so a change applies to its holders at their next request, on every
 * instance. Every change is written to the audit log (category 'security').
 */

/** The staff member acting, with the address the request came from (for the audit log). */
export type RoleActor = PublicUser & { ip: string };

type CustomRoleRow = typeof customRoles.$inferSelect;

/** Names and descriptions of the built-in staff roles, most powerful first (the product's sample rows). */
const BUILTIN: { id: BuiltinStaffRole; name: string; description: string }[] = [
  { id: 'super_admin', name: 'Super Admin', description: 'Full access to all systems' },
  { id: 'admin', name: 'Admin', description: 'Most administrative functions' },
  { id: 'manager', name: 'Manager', description: 'User management and analytics' },
  { id: 'support', name: 'Support', description: 'User support and tickets' },
];

/** What `role` may do now: the table for a built-in role; the stored list for a custom one (none if it no longer exists). */
export async function rolePermissions(ctx: ServerContext, role: Role): Promise<Permission[]> {
  if (!isCustomRole(role)) return builtinPermissions(role);
  const [row] = await ctx.db.select({ permissions: customRoles.permissions }).from(customRoles).where(eq(customRoles.id, role)).limit(1);
  return row ? customRolePermissions(row.permissions) : [];
}

/** Whether a custom role of this id exists. */
export async function customRoleExists(ctx: ServerContext, id: CustomRole): Promise<boolean> {
  const [row] = await ctx.db.select({ id: customRoles.id }).from(customRoles).where(eq(customRoles.id, id)).limit(1);
  return Boolean(row);
}

async function holders(ctx: ServerContext, only?: string): Promise<Map<string, number>> {
  const staff = or(inArray(users.role, [...BUILTIN.map((b) => b.id)]), like(users.role, `${CUSTOM_ROLE_PREFIX}%`));
  const found = await ctx.db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(only ? eq(users.role, only) : staff)
    .groupBy(users.role);
  return new Map(found.map((r) => [r.role, Number(r.n)]));
}

function customInfo(row: CustomRoleRow, users: number): RoleInfo {
  return {
    id: row.id as CustomRole,
    name: row.name,
    description: row.description,
    builtin: false,
    permissions: customRolePermissions(row.permissions),
    users,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listRoles(ctx: ServerContext): Promise<RolesResponse> {
  const [counts, custom] = await Promise.all([holders(ctx), ctx.db.select().from(customRoles).orderBy(customRoles.name)]);
  const roles: RoleInfo[] = [
    ...BUILTIN.map((b) => ({
      ...b,
      builtin: true,
      permissions: builtinPermissions(b.id),
      users: counts.get(b.id) ?? 0,
      createdAt: null,
      updatedAt: null,
    })),
    ...custom.map((r) => customInfo(r, counts.get(r.id) ?? 0)),
  ];
  return { roles, permissions: [...PERMISSION_NAMES], superAdminOnly: [...SUPER_ADMIN_GRANTS] };
}

/** Only a super administrator adds the permissions that let their holder grant themselves more, or reach security and backups. */
function assertMayGrant(actor: RoleActor, before: readonly Permission[], after: readonly Permission[]): void {
  const added = after.filter((p) => !before.includes(p) && SUPER_ADMIN_GRANTS.includes(p));
  if (added.length && actor.role !== 'super_admin')
    throw new AppError('forbidden', `Only a super administrator can grant ${added.join(', ')} to a role.`, { permissions: 'Super administrator only' });
}

/** What is stored: the base permission is implied, not stored, so it cannot be "removed". */
const stored = (list: readonly Permission[]) => list.filter((p) => !CUSTOM_ROLE_BASE.includes(p));

async function findCustom(ctx: ServerContext, id: string): Promise<CustomRoleRow> {
  if (isBuiltinRole(id)) throw new AppError('forbidden', 'Built-in roles cannot be edited or deleted.');
  const [row] = isCustomRole(id) ? await ctx.db.select().from(customRoles).where(eq(customRoles.id, id)).limit(1) : [];
  if (!row) throw new AppError('not_found', 'No such role.');
  return row;
}

const listed = (list: readonly string[]) => (list.length ? list.join(', ') : 'none');

export async function createRole(ctx: ServerContext, actor: RoleActor, body: CreateRoleBody): Promise<RoleInfo> {
  const id = customRoleId(body.name);
  if (!id) throw new AppError('validation_failed', 'The name needs at least one letter or digit.', { name: 'Use letters or digits' });
  assertMayGrant(actor, [], body.permissions);
  const permissions = stored(body.permissions);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(customRoles)
    .values({ id, name: body.name, description: body.description, permissions, createdBy: actor.id, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict', `A role with this name already exists (${id}).`, { name: 'Choose another name' });
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Created the custom role ${row.name} (${id}) with permissions: ${listed(permissions)}`,
    category: 'security',
    ip: actor.ip,
  });
  return customInfo(row, 0);
}

export async function updateRole(ctx: ServerContext, actor: RoleActor, id: string, body: UpdateRoleBody): Promise<RoleInfo> {
  const row = await findCustom(ctx, id);
  // Like one's own user role: a role manager holding this role could otherwise raise their own permissions.
  if (actor.role === row.id) throw new AppError('forbidden', 'You cannot change the role you hold.');
  const before = stored(customRolePermissions(row.permissions));
  const after = body.permissions ? stored(customRolePermissions(body.permissions)) : before;
  assertMayGrant(actor, before, after);
  const changes: string[] = [];
  const added = after.filter((p) => !before.includes(p));
  const removed = before.filter((p) => !after.includes(p));
  if (added.length) changes.push(`added ${added.join(', ')}`);
  if (removed.length) changes.push(`removed ${removed.join(', ')}`);
  if (body.name !== undefined && body.name !== row.name) changes.push(`renamed from "${row.name}" to "${body.name}"`);
  if (body.description !== undefined && body.description !== row.description) changes.push('description changed');
  if (!changes.length) return customInfo(row, (await holders(ctx, row.id)).get(row.id) ?? 0);
  const [updated] = await ctx.db
    .update(customRoles)
    .set({ name: body.name ?? row.name, description: body.description ?? row.description, permissions: after, updatedAt: ctx.now() })
    // Only if nobody changed it since it was read, so the audit entry's "added/removed" is true.
    .where(and(eq(customRoles.id, row.id), sql`date_trunc('milliseconds', ${customRoles.updatedAt}) = ${row.updatedAt.toISOString()}::timestamptz`))
    .returning();
  if (!updated) throw new AppError('conflict', 'This role changed meanwhile. Reload and try again.');
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Changed the custom role ${updated.name} (${row.id}): ${changes.join('; ')}`,
    category: 'security',
    ip: actor.ip,
  });
  return customInfo(updated, (await holders(ctx, row.id)).get(row.id) ?? 0);
}

/**
 * Delete a custom role nobody holds. Accounts holding it are not moved silently to another role (which one would
 * be a guess with security consequences): the answer is 409 with their number, and staff reassign them first.
 */
export async function deleteRole(ctx: ServerContext, actor: RoleActor, id: string): Promise<void> {
  const row = await findCustom(ctx, id);
  // One statement: an account given the role meanwhile keeps the row alive.
  const deleted = await ctx.db
    .delete(customRoles)
    .where(and(eq(customRoles.id, row.id), sql`not exists (select 1 from ${users} where ${users.role} = ${row.id})`))
    .returning({ id: customRoles.id });
  if (!deleted.length) {
    const n = (await holders(ctx, row.id)).get(row.id) ?? 0;
    if (n === 0) throw new AppError('not_found', 'No such role.');
    throw new AppError(
      'conflict',
      `${n.toLocaleString('en-US')} ${n === 1 ? 'account holds' : 'accounts hold'} this role. Give ${n === 1 ? 'it' : 'them'} another role first.`,
    );
  }
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Deleted the custom role ${row.name} (${row.id}), which had permissions: ${listed(stored(customRolePermissions(row.permissions)))}`,
    category: 'security',
    ip: actor.ip,
  });
}
