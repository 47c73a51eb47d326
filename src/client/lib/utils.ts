import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { TW_GROUPS } from './tw-groups';
import { nextTask } from './next-task';

type Config = ReturnType<typeof getDefaultConfig>;

/**
 * tailwind-merge with the class groups this app's classes belong to (scripts/tw-groups.ts): the same answers as the
 * full config for them, for about a third of the cost of building its lookup (on the first call, during hydration).
 */
export function usedGroupsConfig(): Config {
  const full = getDefaultConfig();
  const keep = new Set(TW_GROUPS);
  const only = (record: object) => Object.fromEntries(Object.entries(record).filter(([group]) => keep.has(group)));
  const conflicts = only(full.conflictingClassGroups) as Record<string, readonly string[]>;
  return {
    ...full,
    classGroups: only(full.classGroups),
    conflictingClassGroups: Object.fromEntries(Object.entries(conflicts).map(([g, list]) => [g, list.filter((c) => keep.has(c))])),
    conflictingClassGroupModifiers: only(full.conflictingClassGroupModifiers),
  } as unknown as Config;
}

let prepared: Config | undefined;
const merge = createTailwindMerge(() => prepared ?? usedGroupsConfig());

/**
 * Builds the merger's config, then its lookup, each in a task of its own: otherwise both happen inside the first
 * component that calls cn() while the page hydrates, one long task on a phone.
 */
export async function prepareClassMerge(): Promise<void> {
  prepared ??= usedGroupsConfig();
  await nextTask();
  merge('p-0 p-1');
}

/** Merge class names, letting later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
