import { useOutletContext } from 'react-router';
import { AlertTriangle, Download } from 'lucide-react';
import type { StaffRole } from '@/shared/roles';
import { Button } from '@/client/components/ui/button';
import { BACKUP_DOWNLOAD_URL, useBackupInfo } from '@/client/features/admin/settings-api';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';
import { Panel, QueryState } from './settings-parts';

/** /admin/backup: download a database backup and read how to restore it; 'backup:manage'. */
export default function AdminBackupPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/backup', role);
  if (!item) return <NoAccess title="Backup & Recovery" />;
  return <Screen title={item.title} description={item.description} />;
}

function Screen({ title, description }: { title: string; description: string }) {
  const q = useBackupInfo();
  return (
    <>
      <AdminHeading title={title} description={description} />
      <QueryState q={q} what="backup information">
        {(info) => (
          <div className="grid gap-6">
            <Panel
              title="Download a backup"
              description={
                <>
                  Database: <strong>{info.database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}</strong>. Format: {info.format}. The download is recorded
                  in the audit log. It holds every account and setting: keep it somewhere safe.
                </>
              }
            >
              {info.available ? (
                <Button asChild>
                  {/* A plain link: the browser streams the file to disk with the session cookie. */}
                  <a href={BACKUP_DOWNLOAD_URL} download={info.fileName} data-testid="backup-download">
                    <Download className="size-4" aria-hidden /> Download backup
                  </a>
                </Button>
              ) : (
                <div
                  role="alert"
                  className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
                >
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {info.reason}
                </div>
              )}
            </Panel>
            <Panel title="Restore" description="To bring the site back to the state of a backup:">
              <ol className="grid list-decimal gap-2 pl-5 text-sm">
                {info.restoreSteps.map((step) => (
                  <li key={step} className="break-words">
                    {step}
                  </li>
                ))}
              </ol>
            </Panel>
          </div>
        )}
      </QueryState>
    </>
  );
}
