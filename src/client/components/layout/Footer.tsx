import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { TOOLS, type Tool } from '@/shared/catalogue';
import { SITE } from '@/client/lib/site';
import { NewsletterForm } from '@/client/features/newsletter/NewsletterForm';
import { useDisabledTools } from '@/client/features/site/api';
import { Logo } from './Logo';

const FOOTER_TOOL_SLUGS = [
  'ai-content-detector',
  'ai-humanizer',
  'plagiarism-checker',
  'ai-rewriter',
  'grammar-fixer',
  'ai-summarizer',
  'keyword-extractor',
  'seo-score-analyzer',
  'text-to-speech',
  'image-caption-generator',
  'deepfake-detector',
];
// Only tools that work on this server are advertised; a placeholder is reached from the full catalogue, where it says so.
const FOOTER_TOOLS = FOOTER_TOOL_SLUGS.map((s) => TOOLS.find((t) => t.slug === s)).filter((t): t is Tool => t !== undefined && t.live);

const RESOURCES = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/blog', label: 'Blog' },
  { to: '/developers', label: 'API documentation' },
];

const LEGAL = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/disclaimer', label: 'Disclaimer' },
  { to: '/cookies', label: 'Cookie Policy' },
];

function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-sm text-muted-foreground hover:text-primary">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  const off = useDisabledTools();
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-3 max-w-sm text-sm text-muted-foreground">Open-source, self-hostable AI detection, writing and media tools.</p>
          <a href={`mailto:${SITE.supportEmail}`} className="mt-3 inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-primary">
            <Mail className="h-4 w-4" aria-hidden="true" />
            {SITE.supportEmail}
          </a>
          {SITE.social.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-3" aria-label="Social links">
              {SITE.social.map((s) => (
                <li key={s.href}>
                  <a href={s.href} rel="noopener noreferrer" target="_blank" className="text-sm text-muted-foreground hover:text-primary">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <NewsletterForm />
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-2 lg:col-span-3">
          <FooterColumn
            title="Tools"
            links={[...FOOTER_TOOLS.filter((t) => !off.has(t.id)).map((t) => ({ to: t.route, label: t.name })), { to: '/tools', label: 'All tools' }]}
          />
          <FooterColumn title="Resources" links={RESOURCES} />
          <FooterColumn title="Legal" links={LEGAL} />
        </div>
      </div>
      <div className="border-t border-border">
        {/* a page rendered on the server on 31 December may hydrate in a browser already in the new year */}
        <p suppressHydrationWarning className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted-foreground sm:px-6">
          © {year} {SITE.name}. Please use AI tools ethically and follow your institution's guidelines for AI-generated content.
        </p>
      </div>
    </footer>
  );
}
