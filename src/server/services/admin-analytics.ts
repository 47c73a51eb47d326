import { sql } from 'drizzle-orm';
import { findTool } from '../../shared/catalogue';
import { RANGE_HOURS, type AnalyticsRange, type ToolPerformanceResponse, type ToolPerformanceRow } from '../../shared/api/admin-analytics';
import type { ServerContext } from '../context';
import { rows } from './billing';
import { utcDay } from './metering';

/** Staff analytics over the usage tables; read-only. */

const HOUR_MS = 60 * 60 * 1000;

function toMs(v: unknown): number | null {
  return v === null || v === undefined ? null : Math.round(Number(v));
}

/**
 * Tool Performance: per tool, the calls that ran in the range (from `usage_events`), their error rate,
 * the p50 and p95 latency of the successful ones and the engines that answered, with the refusals
 * counted in `usage_rejections` beside them.
 */
export async function toolPerformance(ctx: ServerContext, range: AnalyticsRange): Promise<ToolPerformanceResponse> {
  const to = ctx.now();
  const from = new Date(to.getTime() - RANGE_HOURS[range] * HOUR_MS);
  const since = utcDay(from);

  // percentile_cont is standard PostgreSQL, so PGlite and a server give the same figures. Events written
  // as 'rejected' by older versions are refusals, not calls.
  const perTool = rows<{ tool: string; calls: unknown; errors: unknown; p50: unknown; p95: unknown }>(
    await ctx.db.execute(sql`
      select tool,
             count(*) filter (where status <> 'rejected') as calls,
             count(*) filter (where status = 'error') as errors,
             percentile_cont(0.5) within group (order by latency_ms) filter (where status = 'ok') as p50,
             percentile_cont(0.95) within group (order by latency_ms) filter (where status = 'ok') as p95
      from usage_events
      where created_at >= ${from} and created_at <= ${to}
      group by tool`),
  );
  const perEngine = rows<{ tool: string; engine: string; calls: unknown }>(
    await ctx.db.execute(sql`
      select tool, engine, count(*) as calls
      from usage_events
      where created_at >= ${from} and created_at <= ${to} and status <> 'rejected' and engine is not null
      group by tool, engine`),
  );
  const refusals = rows<{ tool: string; reason: string; n: unknown }>(
    await ctx.db.execute(sql`
      select tool, reason, sum(n) as n from (
        select tool, reason, sum(count) as n from usage_rejections where day >= ${since} group by tool, reason
        union all
        select tool, 'rejected' as reason, count(*) as n from usage_events
        where created_at >= ${from} and created_at <= ${to} and status = 'rejected' group by tool
      ) r group by tool, reason`),
  );

  const byTool = new Map<string, ToolPerformanceRow>();
  const row = (tool: string): ToolPerformanceRow => {
    let r = byTool.get(tool);
    if (!r) {
      r = {
        tool,
        name: findTool(tool)?.name ?? tool,
        calls: 0,
        errors: 0,
        errorRate: 0,
        p50Ms: null,
        p95Ms: null,
        engines: [],
        rejected: 0,
        rejectedByReason: {},
      };
      byTool.set(tool, r);
    }
    return r;
  };
  for (const t of perTool) {
    const r = row(t.tool);
    r.calls = Number(t.calls);
    r.errors = Number(t.errors);
    r.errorRate = r.calls > 0 ? r.errors / r.calls : 0;
    r.p50Ms = toMs(t.p50);
    r.p95Ms = toMs(t.p95);
  }
  for (const e of perEngine) row(e.tool).engines.push({ engine: e.engine, calls: Number(e.calls) });
  for (const x of refusals) {
    const r = row(x.tool);
    const n = Number(x.n);
    r.rejected += n;
    r.rejectedByReason[x.reason] = (r.rejectedByReason[x.reason] ?? 0) + n;
  }

  const tools = [...byTool.values()]
    .filter((r) => r.calls > 0 || r.rejected > 0)
    .sort((a, b) => b.calls - a.calls || b.rejected - a.rejected || a.name.localeCompare(b.name));
  for (const r of tools) r.engines.sort((a, b) => b.calls - a.calls || a.engine.localeCompare(b.engine));
  const totals = tools.reduce((t, r) => ({ calls: t.calls + r.calls, errors: t.errors + r.errors, rejected: t.rejected + r.rejected }), {
    calls: 0,
    errors: 0,
    rejected: 0,
  });
  return { range, from: from.toISOString(), to: to.toISOString(), rejectedSince: since, tools, totals };
}
