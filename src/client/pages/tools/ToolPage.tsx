import { Link } from 'react-router';
import { ArrowLeft, Clock, Construction, Lock, Mail } from 'lucide-react';
import { AdSlots } from '@/client/features/ads/AdSlots';
import { CATEGORY_LABELS, COMING_SOON_SLUGS, findToolBySlug, lowestPlan, type Tool } from '@/shared/catalogue';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/PageShell';
import { ToolIcon } from '@/client/components/ToolIcon';
import { useToolDisabled } from '@/client/features/site/api';
import { ToolTurnedOff } from '@/client/features/site/SiteSettings';
import NotFoundPage from '../NotFoundPage';
import { TOOL_PAGES } from './registry';

const PLAN_NAMES = { free: 'Free', basic: 'Basic', pro: 'Pro', agency: 'Agency' } as const;

function titleCase(slug: string): string {
  return slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The page title for a tool path (used by the route handle). */
export function toolTitle(slug: string): string {
  if (slug === 'email-generator') return 'Email Generator';
  const tool = findToolBySlug(slug);
  if (tool) return tool.name;
  if ((COMING_SOON_SLUGS as readonly string[]).includes(slug)) return titleCase(slug);
  return 'Page Not Found';
}

function BackToTools() {
  return (
    <Button asChild variant="outline">
      <Link to="/tools">
        <ArrowLeft aria-hidden="true" /> Browse all tools
      </Link>
    </Button>
  );
}

function ToolHeader({ tool, name, description }: { tool?: Tool; name: string; description: string }) {
  return (
    <div className="flex items-start gap-4">
      <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl border border-border bg-card shadow-sm">
        <ToolIcon name={tool?.icon ?? ''} color={tool?.iconColor} className="h-7 w-7" />
      </span>
      <div>
        {tool && <p className="text-sm font-medium text-muted-foreground">{CATEGORY_LABELS[tool.category]}</p>}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{name}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}

function ComingSoon({ tool, slug }: { tool?: Tool; slug: string }) {
  return (
    <>
      <ToolHeader tool={tool} name={tool?.name ?? titleCase(slug)} description={tool?.description ?? 'A new tool is on its way.'} />
      <Notice className="mt-8" icon={<Clock className="h-5 w-5" />} title="Coming soon">
        This tool is not ready yet. Explore the tools that are available today in the meantime.
      </Notice>
      <div className="mt-6">
        <BackToTools />
      </div>
    </>
  );
}

const EMAIL_GUIDELINES = [
  { title: 'Subject line', text: 'Keep it short and specific, so the reader knows what the e-mail is about before opening it.' },
  { title: 'Greeting', text: 'Address the reader by name where you can, in a tone that suits your relationship.' },
  { title: 'Opening paragraph', text: 'State why you are writing in the first sentence or two.' },
  { title: 'Body paragraphs', text: 'Give the details, one idea per paragraph, and say clearly what you need from the reader.' },
  { title: 'Closing', text: 'End with the next step or a call to action, a polite sign-off and your name.' },
];

function EmailGeneratorNotice() {
  const tool = findToolBySlug('email-generator');
  return (
    <>
      <ToolHeader tool={tool} name="Email Generator" description={tool?.description ?? 'Write clear e-mails for any purpose.'} />
      <Notice className="mt-8" icon={<Construction className="h-5 w-5" />} title="This tool is being updated">
        The Email Generator is temporarily unavailable while we improve it. Until it is back, these guidelines will help you write a clear, effective e-mail.
      </Notice>
      <section aria-labelledby="email-guidelines" className="mt-8">
        <h2 id="email-guidelines" className="flex items-center gap-2 text-xl font-semibold">
          <Mail className="h-5 w-5 text-primary" aria-hidden="true" /> Writing guidelines
        </h2>
        <ol className="mt-4 grid gap-3 sm:grid-cols-2">
          {EMAIL_GUIDELINES.map((g, i) => (
            <li key={g.title} className="rounded-xl border border-border bg-card p-4">
              <p className="font-semibold">
                <span className="mr-2 text-primary">{i + 1}.</span>
                {g.title}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{g.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="mt-8">
        <BackToTools />
      </div>
    </>
  );
}

function NotAvailable({ tool }: { tool: Tool }) {
  return (
    <>
      <ToolHeader tool={tool} name={tool.name} description={tool.description} />
      <div className="mt-4 flex flex-wrap gap-2">
        {tool.requiresAuth ? (
          <Badge variant="outline" className="gap-1">
            <Lock className="h-3 w-3" aria-hidden="true" /> Available with {PLAN_NAMES[lowestPlan(tool)]} plan or higher
          </Badge>
        ) : (
          <Badge variant="secondary">No login required</Badge>
        )}
      </div>
      <Notice className="mt-8" icon={<Construction className="h-5 w-5" />} title="Not available on this server yet">
        The engine behind this tool has not been installed on this server yet. Check back later, or try another tool.
      </Notice>
      <div className="mt-6">
        <BackToTools />
      </div>
    </>
  );
}

/** /tools/:slug: a catalogue tool, a coming-soon placeholder, the email-generator notice, or 404. */
export default function ToolPage({ slug }: { slug: string }) {
  const tool = findToolBySlug(slug);
  // Staff may turn a tool off (/admin/features); its API refuses too.
  const turnedOff = useToolDisabled(tool?.comingSoon ? undefined : tool?.id);
  if (tool && turnedOff) return <ToolTurnedOff name={tool.name} />;
  const Working = tool && !tool.comingSoon ? TOOL_PAGES[tool.id] : undefined;
  if (Working)
    return (
      <>
        <Working slug={slug} />
        {/* below the tool, never between the input and its result; visitors and free users only */}
        <AdSlots narrow className="pt-0" />
      </>
    );
  let body;
  if (slug === 'email-generator') body = <EmailGeneratorNotice />;
  else if (tool?.comingSoon || (COMING_SOON_SLUGS as readonly string[]).includes(slug)) body = <ComingSoon tool={tool} slug={slug} />;
  else if (tool) body = <NotAvailable tool={tool} />;
  else return <NotFoundPage />;
  return <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 lg:py-14">{body}</div>;
}
