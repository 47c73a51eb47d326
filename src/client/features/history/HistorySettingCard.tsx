import { Link } from 'react-router';
import { History } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { AccountSection } from '../account/AccountSection';
import { HistoryToggle } from './HistoryToggle';

/** The account page's card for the scan history switch. */
export function HistorySettingCard({ className }: { className?: string }) {
  return (
    <AccountSection id="history" title="History of your checks" className={className}>
      <HistoryToggle />
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to="/history">
            <History /> Open history
          </Link>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to="/reports">Saved reports</Link>
        </Button>
      </div>
    </AccountSection>
  );
}
