import { useOutletContext } from 'react-router';
import type { StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { useLanguages } from '@/client/features/admin/settings-api';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';
import { Panel, QueryState } from './settings-parts';

/** /admin/languages: which languages each tool handles on this server (read-only); 'languages:edit'. */
export default function AdminLanguagesPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/languages', role);
  if (!item) return <NoAccess title="Language Support" />;
  return <Screen title={item.title} description={item.description} />;
}

function Screen({ title, description }: { title: string; description: string }) {
  const q = useLanguages();
  return (
    <>
      <AdminHeading title={title} description={description} />
      <QueryState q={q} what="language support">
        {(data) => (
          <Panel
            title="Languages by tool"
            description={
              data.languageModel
                ? 'A language model is configured: the writing tools answer in the language of the input; the offline engines are English.'
                : 'No language model is configured: the tools run on their offline engines, which are built for English.'
            }
          >
            <div className="-mx-5 overflow-x-auto">
              <table className="w-full min-w-[44rem] text-sm">
                <thead className="text-left text-muted-foreground">
                  <tr className="border-b border-border">
                    <th className="px-5 py-2 font-medium">Tool</th>
                    <th className="px-3 py-2 font-medium">Engine</th>
                    <th className="px-3 py-2 font-medium">Languages</th>
                    <th className="px-5 py-2 font-medium">Notes</th>
                  </tr>
                </thead>
                <tbody>
                  {data.tools.map((t) => (
                    <tr key={t.toolId} className="border-b border-border align-top last:border-0">
                      <td className="px-5 py-2 font-medium">
                        {t.toolName}
                        {!t.enabled && (
                          <Badge variant="outline" className="ml-2">
                            Turned off
                          </Badge>
                        )}
                      </td>
                      <td className="px-3 py-2">{t.engine}</td>
                      <td className="px-3 py-2">{t.languages.length ? t.languages.join(', ') : <span className="text-muted-foreground">—</span>}</td>
                      <td className="px-5 py-2 text-muted-foreground">{t.notes}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
        )}
      </QueryState>
    </>
  );
}
