import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { SITE } from '@/client/lib/site';
import { cn } from '@/client/lib/utils';

export function Logo({ className, to = '/' }: { className?: string; to?: string }) {
  return (
    <Link to={to} className={cn('flex items-center gap-2 rounded-md font-bold tracking-tight text-foreground', className)}>
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <ShieldCheck className="h-5 w-5" aria-hidden="true" />
      </span>
      <span className="text-lg">{SITE.name}</span>
    </Link>
  );
}
