import { BlockList, isIP } from 'node:net';
import type { IpAllowListResponse } from '../../shared/api/admin-settings';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { getSettings, updateSettings, type SettingsActor } from './settings';

/**
 * The optional allow-list of the administrator area (IP Whitelisting): addresses and CIDR blocks, IPv4 and IPv6.
 * When it is not empty, staff routes (every /api route whose access is a permission) and staff sign-in answer 403
 * to any other address (services/staff-guard via src/server/staff-guard.ts, and auth.login). The client address is
 * Fastify's `req.ip`, so behind a proxy TRUST_PROXY decides which X-Forwarded-For hop is believed.
 */

/** An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is that IPv4 address. */
function unmap(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1] : ip;
}

/** One entry normalised (`192.0.2.7`, `10.0.0.0/8`, `2001:db8::/32`), or an error message. */
export function normaliseEntry(raw: string): { entry: string } | { error: string } {
  const text = raw.trim();
  const [addrPart, prefixPart, extra] = text.split('/');
  if (extra !== undefined) return { error: `"${text}" is not an address or a CIDR block.` };
  const addr = unmap(addrPart.toLowerCase());
  const family = isIP(addr);
  if (family === 0) return { error: `"${text}" is not an IPv4 or IPv6 address.` };
  if (prefixPart === undefined) return { entry: addr };
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefixPart) || Number(prefixPart) > max) return { error: `"${text}": the prefix length must be 0 to ${max}.` };
  return { entry: `${addr}/${Number(prefixPart)}` };
}

/** Every entry normalised and de-duplicated; a bad entry is a 400 naming it. */
export function normaliseEntries(entries: string[]): string[] {
  const out: string[] = [];
  const fields: Record<string, string> = {};
  entries.forEach((raw, i) => {
    if (!raw.trim()) return;
    const r = normaliseEntry(raw);
    if ('error' in r) fields[`entries.${i}`] = r.error;
    else if (!out.includes(r.entry)) out.push(r.entry);
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError('validation_failed', first, fields);
  return out;
}

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const e of entries) {
    const [addr, prefix] = e.split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(prefix), type);
  }
  return list;
}

/** Whether `ip` may use the administrator area under `entries` (an empty list allows everyone). */
export function addressAllowed(entries: string[], ip: string): boolean {
  if (entries.length === 0) return true;
  const addr = unmap(ip.split('%')[0]);
  const family = isIP(addr);
  if (family === 0) return false;
  const list = blockListOf(entries);
  if (list.check(addr, family === 6 ? 'ipv6' : 'ipv4')) return true;
  // An IPv4 client may reach an IPv6 listener as ::ffff:a.b.c.d; an entry written that way matches it too.
  return family === 4 && list.check(`::ffff:${addr}`, 'ipv6');
}

export function notAllowedMessage(ip: string): string {
  return `The administrator area cannot be reached from your network address (${ip}): it is not on the IP allow-list. Ask an administrator to add it.`;
}

export async function ipAllowListState(ctx: ServerContext, ip: string): Promise<IpAllowListResponse> {
  const { ipAllowList } = await getSettings(ctx.db);
  return { entries: ipAllowList, yourAddress: ip, yourAddressAllowed: addressAllowed(ipAllowList, ip) };
}

/**
 * Save the list. A list that does not include the caller's own address would lock the caller out of this very page:
 * refused (409) unless `confirmLockout` says the caller means it.
 */
export async function saveIpAllowList(ctx: ServerContext, actor: SettingsActor, entries: string[], confirmLockout = false): Promise<IpAllowListResponse> {
  const list = normaliseEntries(entries);
  if (!addressAllowed(list, actor.ip) && !confirmLockout)
    throw new AppError(
      'conflict',
      `This list does not include your own address (${actor.ip}): saving it would lock you out of the administrator area. Add your address, or confirm that you want to save it anyway.`,
    );
  await updateSettings(ctx, actor, { ipAllowList: list }, 'security');
  return ipAllowListState(ctx, actor.ip);
}
