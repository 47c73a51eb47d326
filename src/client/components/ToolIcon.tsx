import {
  Bot,
  Code2,
  Expand,
  FileSearch,
  FileUser,
  Gauge,
  Hash,
  Image,
  KeyRound,
  ListCollapse,
  Mail,
  Megaphone,
  Mic,
  PenLine,
  RefreshCw,
  ScanSearch,
  Scissors,
  ShieldAlert,
  Sparkles,
  SpellCheck,
  Tags,
  Volume2,
  Wand2,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/client/lib/utils';

/** The lucide icons the catalogue names (src/shared/catalogue.ts), imported one by one to keep the bundle small. */
export const TOOL_ICONS: Record<string, LucideIcon> = {
  Bot,
  Code2,
  Expand,
  FileSearch,
  FileUser,
  Gauge,
  Hash,
  Image,
  KeyRound,
  ListCollapse,
  Mail,
  Megaphone,
  Mic,
  PenLine,
  RefreshCw,
  ScanSearch,
  Scissors,
  ShieldAlert,
  Sparkles,
  SpellCheck,
  Tags,
  Volume2,
  Wand2,
};

/** A catalogue icon by name, with a default for unknown names. */
export function ToolIcon({ name, color, className }: { name: string; color?: string; className?: string }) {
  const Icon = TOOL_ICONS[name] ?? Wrench;
  return <Icon className={cn('h-5 w-5 shrink-0', className)} style={color ? { color } : undefined} aria-hidden="true" />;
}
