import { NavLink } from 'react-router';
import { cn } from '@/client/lib/utils';

/** History and Saved reports: two pages, one place. */
export function HistoryTabs() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
      isActive ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
    );
  return (
    <nav aria-label="History and reports" className="mb-6 flex gap-1 overflow-x-auto border-b border-border">
      <NavLink to="/history" end className={tab}>
        Checks
      </NavLink>
      <NavLink to="/reports" end className={tab}>
        Saved reports
      </NavLink>
    </nav>
  );
}
