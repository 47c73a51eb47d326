import { Link } from 'react-router';
import { Cookie } from 'lucide-react';
import { SITE } from '@/client/lib/site';
import { LegalPage, type LegalSection } from './_parts';

const STORAGE: { name: string; type: string; purpose: string; duration: string }[] = [
  {
    name: 'vt_session',
    type: 'Cookie (HttpOnly), first party',
    purpose: 'Keeps you logged in. Only set when you log in; scripts on the page cannot read it.',
    duration: 'Up to 30 days, or until you log out',
  },
  {
    name: 'cookieConsent',
    type: 'Browser local storage',
    purpose: 'Remembers your choice in the cookie banner so it is not shown again.',
    duration: 'Until you clear your browser data',
  },
];

const sections: LegalSection[] = [
  {
    id: 'what',
    title: 'What we store in your browser',
    body: (
      <>
        <p>{SITE.name} keeps browser storage to the minimum needed for the site to work. By default it uses only the following:</p>
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full min-w-[560px] text-left text-sm">
            <caption className="sr-only">Cookies and local storage used by this site</caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Purpose
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Kept
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {STORAGE.map((s) => (
                <tr key={s.name} className="align-top">
                  <th scope="row" className="px-4 py-3 font-mono text-xs font-medium text-slate-900">
                    {s.name}
                  </th>
                  <td className="px-4 py-3 text-slate-600">{s.type}</td>
                  <td className="px-4 py-3 text-slate-600">{s.purpose}</td>
                  <td className="px-4 py-3 text-slate-600">{s.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    ),
  },
  {
    id: 'trackers',
    title: 'No third-party trackers by default',
    body: (
      <p>
        Out of the box there are no analytics, advertising or social-media tracking cookies. If the operator of this instance adds any, they must list them here
        and ask for your consent first where the law requires it. An ad network, if the operator turns one on, is loaded only after you choose Accept All in the
        cookie banner; with Essential Only you see the site’s own ads, which set no cookies. Paid plans see no ads.
      </p>
    ),
  },
  {
    id: 'essential',
    title: 'Why these do not need consent',
    body: (
      <p>
        The session cookie is strictly necessary to provide the logged-in service you ask for, and the consent entry only records your choice. Both are used
        only by this website.
      </p>
    ),
  },
  {
    id: 'control',
    title: 'Your choices',
    body: (
      <p>
        You can delete cookies and local storage in your browser settings at any time. If you block the session cookie you will not be able to log in, but
        public pages and the anonymous detector still work. To see the cookie banner again, clear this site’s data in your browser.
      </p>
    ),
  },
  {
    id: 'more',
    title: 'More information',
    body: (
      <p>
        How we handle personal data is explained in the <Link to="/privacy">privacy policy</Link>. Questions:{' '}
        <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
      </p>
    ),
  },
];

export default function CookiesPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      icon={Cookie}
      intro={<p>The cookies and browser storage this {SITE.name} instance uses, and why.</p>}
      sections={sections}
    />
  );
}
