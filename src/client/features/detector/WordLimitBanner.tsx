import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';

/** Warning banner for an exceeded word limit or a reached free allowance, offering sign up and pricing (SPEC §8). */
export function LimitBanner({ children, anonymous }: { children: React.ReactNode; anonymous: boolean }) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center">
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      <div className="flex-1">{children}</div>
      <div className="flex gap-3 font-medium">
        {anonymous && (
          <Link className="underline underline-offset-4" to="/register">
            Sign up free
          </Link>
        )}
        <Link className="underline underline-offset-4" to="/pricing">
          See pricing
        </Link>
      </div>
    </div>
  );
}
