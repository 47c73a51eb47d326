import { canUseTool, lowestPlan, TOOLS, type Tool } from './catalogue';
import { DEFAULT_PLANS } from './plans';
import type { Role } from './roles';

const DAY_MS = 86_400_000;

/** Live tools that can be featured. `freeOnly` limits the pick to tools a free account may use. */
export function featurableTools(opts: { freeOnly?: boolean } = {}, tools: readonly Tool[] = TOOLS): Tool[] {
  return tools.filter((t) => t.live && !t.comingSoon && (!opts.freeOnly || t.requiredRole.includes('free')));
}

/**
 * The tool of the day: the same tool all day for everyone, from the current UTC date.
 * Successive days walk the catalogue in order, so every tool is featured once per cycle.
 */
export function toolOfTheDay(date: Date, tools: readonly Tool[] = featurableTools()): Tool | null {
  if (tools.length === 0) return null;
  const day = Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / DAY_MS);
  return tools[((day % tools.length) + tools.length) % tools.length];
}

export type ToolOfTheDayAction =
  { kind: 'try'; label: 'Try It Now'; href: string } | { kind: 'upgrade'; label: 'Upgrade to Unlock'; href: '/pricing'; note: string };

/** 'Try It Now' when the role may use the tool; otherwise 'Upgrade to Unlock' to /pricing. */
export function toolOfTheDayAction(tool: Tool, role: Role | null): ToolOfTheDayAction {
  if (canUseTool(tool, role)) return { kind: 'try', label: 'Try It Now', href: tool.route };
  const plan = DEFAULT_PLANS[lowestPlan(tool)].name;
  return { kind: 'upgrade', label: 'Upgrade to Unlock', href: '/pricing', note: `Available with ${plan} plan or higher` };
}
