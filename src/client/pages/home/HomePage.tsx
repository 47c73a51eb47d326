import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { HomeTool } from '@/client/features/home-tool/HomeTool';
import { LatestPosts } from '@/client/features/blog/LatestPosts';
import {
  ArrowRight,
  BookOpen,
  ClipboardPaste,
  Code2,
  FileSearch,
  GraduationCap,
  HeartHandshake,
  ListChecks,
  Megaphone,
  PenTool,
  ScanSearch,
  Scale,
  Search,
  Server,
  ShieldCheck,
  Sparkles,
  TrendingUp,
  UserCheck,
  WifiOff,
  Wand2,
  type LucideIcon,
} from 'lucide-react';
import { TOOLS, type Tool } from '@/shared/catalogue';
import { COMPETITOR_NAMES, Container, CtaBand, FaqList, ToolCard, usePageTitle } from '@/client/pages/content/_parts';
import { HOME_FAQ } from './faq';
import { useDisabledTools } from '@/client/features/site/api';
import { Button } from '@/client/components/ui/button';
import { ClaimsBlock } from './ClaimsBlock';
import { ComparisonTable, CompetitorCards } from './ComparisonSection';
import { HowItWorksDialog } from './HowItWorksDialog';
import { AdSlots } from '@/client/features/ads/AdSlots';
import { HydrateLater } from '@/client/lib/hydration';

/** Featured tools, after the three shown in the 'Start here' section. */
const FEATURED_IDS = [
  'ai_rewriter',
  'grammar_fixer',
  'ai_summarizer',
  'chatgpt_detector',
  'text_to_speech',
  'image_to_text',
  'deepfake_detector',
  'code_explainer',
  'keyword_extractor',
  'seo_score_analyzer',
];

// Only tools that work on this server are featured.
const FEATURED: Tool[] = FEATURED_IDS.map((id) => TOOLS.find((t) => t.id === id)).filter((t): t is Tool => Boolean(t?.live));

const REASONS: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: WifiOff,
    title: 'Engines that run offline',
    description:
      'Detection runs on the server hosting Veritext, without sending your text to an outside AI provider. It keeps working without internet access.',
  },
  {
    icon: ListChecks,
    title: 'Explanations per sentence',
    description: 'Every flagged sentence comes with the signals behind its score, so you can check the reasoning instead of trusting a bare percentage.',
  },
  {
    icon: Scale,
    title: 'An honest “uncertain” verdict',
    description:
      'When the evidence is weak, Veritext says “uncertain” rather than guessing. That protects non-native writers and formal prose from false accusations.',
  },
  {
    icon: Server,
    title: 'Self-hosted privacy',
    description: 'Run it on your own server and documents never leave your organisation. No third-party trackers are included by default.',
  },
  {
    icon: Code2,
    title: 'Open source',
    description: 'The code and the detector’s model card are public. You can read how it works, audit it, and adapt it to your needs.',
  },
];

const STEPS: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: ClipboardPaste,
    title: 'Paste your text',
    description: 'Paste an essay, article or post into the detector. No account is needed to try it.',
  },
  {
    icon: ScanSearch,
    title: 'Each sentence is analysed',
    description: 'The engine scores every sentence on signals such as vocabulary variety, rhythm and stock AI phrasing.',
  },
  {
    icon: FileSearch,
    title: 'Read the verdict and the reasons',
    description: 'See an overall verdict — likely AI, likely human or uncertain — with highlighted sentences and why.',
  },
  {
    icon: UserCheck,
    title: 'Make your own judgement',
    description: 'Use the result as one piece of evidence, together with drafts, context and a conversation.',
  },
];

const USE_CASES: { icon: LucideIcon; title: string; description: string; example: string }[] = [
  {
    icon: GraduationCap,
    title: 'Students',
    description: 'Check that your own writing reads as yours before you hand it in, and tighten it with the writing tools.',
    example: 'Run your essay through the detector and rewrite the passages it flags as formulaic.',
  },
  {
    icon: BookOpen,
    title: 'Teachers',
    description: 'Get a second opinion on submissions, with reasons you can discuss with the student rather than a bare score.',
    example: 'Use sentence-level highlights to guide a conversation about how a paper was written.',
  },
  {
    icon: PenTool,
    title: 'Writers and editors',
    description: 'Review freelance or contributed copy, and keep your own voice when you use AI for a first draft.',
    example: 'Screen a batch of contributed articles before editing, then check them for plagiarism.',
  },
  {
    icon: Megaphone,
    title: 'Marketers',
    description: 'Make sure campaign copy sounds human and on-brand, and generate hashtags and summaries quickly.',
    example: 'Check a product page written with an assistant, then humanize the stiff paragraphs.',
  },
  {
    icon: TrendingUp,
    title: 'SEO specialists',
    description: 'Audit content for originality, extract keywords and draft meta descriptions of the right length.',
    example: 'Score a page for on-page SEO and pull its key phrases before a rewrite.',
  },
];

function SectionHeading({ eyebrow, title, text, id }: { eyebrow?: string; title: string; text?: string; id: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {text && <p className="mt-4 text-lg leading-relaxed text-slate-600">{text}</p>}
    </div>
  );
}

/** A lower section of the home page: hydrated when it comes near the screen or is used (HydrateLater), with its heading. */
function HomeSection({
  id,
  className,
  eyebrow,
  title,
  text,
  children,
}: {
  id: string;
  className: string;
  eyebrow: string;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <HydrateLater whenVisible>
      <section aria-labelledby={id} className={className}>
        <Container>
          <SectionHeading id={id} eyebrow={eyebrow} title={title} text={text} />
          {children}
        </Container>
      </section>
    </HydrateLater>
  );
}

export default function HomePage() {
  usePageTitle('Veritext - Advanced AI Detection & Content Tools');
  const off = useDisabledTools();

  return (
    <div className="bg-white">
      {/* Hero */}
      <section className="relative overflow-hidden border-b border-slate-200 bg-linear-to-b from-indigo-50 via-white to-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-40 left-1/2 h-[480px] w-[900px] -translate-x-1/2 rounded-full bg-indigo-200/30 blur-3xl"
        />
        <Container className="relative grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white px-3 py-1 text-xs font-medium text-indigo-700 shadow-sm">
              <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
              Open source · Self-hostable · Works offline
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]">
              Detect AI-written text, with{' '}
              <span className="bg-linear-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">explanations you can check</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
              Veritext highlights the sentences that look machine-written and tells you why. When the evidence is weak it says “uncertain” instead of guessing —
              and it runs on your own server, so your text stays with you.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to="/tools/ai-content-detector">
                  Check a text for AI <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/register">Create a free account</Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-slate-500">No account needed to try the detector.</p>
          </div>
          <HomeTool />
        </Container>
      </section>

      {/* Marketing figures: measured here, or worded by staff (SPEC §1) */}
      <HydrateLater whenVisible>
        <ClaimsBlock />
      </HydrateLater>

      {/* Tool entry point (the tabbed tool lands here in a later issue) */}
      <HomeSection
        id="try-heading"
        className="py-16 sm:py-20"
        eyebrow="Start here"
        title="Check, humanize, verify"
        text="The three tools most people come for. Open one to paste your text."
      >
        <div className="grid gap-5 lg:grid-cols-3">
          <Link
            to="/tools/ai-content-detector"
            className="group relative flex flex-col gap-4 overflow-hidden rounded-2xl bg-indigo-600 p-7 text-white shadow-lg transition hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 lg:col-span-1 lg:row-span-2"
          >
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-white/15">
              <ScanSearch className="h-6 w-6" aria-hidden="true" />
            </span>
            <h3 className="text-2xl font-bold">AI Content Detector</h3>
            <p className="leading-relaxed text-indigo-100">
              Paste any text and get a verdict for the whole piece and for each sentence, with the signals that drove it. Uncertain cases are labelled as such.
            </p>
            <span className="mt-auto inline-flex items-center gap-2 pt-2 font-semibold">
              Open the detector
              <ArrowRight className="h-4 w-4 transition group-hover:translate-x-1" aria-hidden="true" />
            </span>
          </Link>
          <StartHereCard
            to="/tools/ai-humanizer"
            icon={Wand2}
            tint="bg-violet-50 text-violet-600"
            title="Text Humanizer"
            text="Rewrite stiff, AI-sounding passages of your own drafts so they read naturally, while keeping the meaning."
            action="Open the humanizer"
          />
          <StartHereCard
            to="/tools/plagiarism-checker"
            icon={Search}
            tint="bg-rose-50 text-rose-600"
            title="Plagiarism Check"
            text="Find passages that match the reference library of this instance, and see where they come from."
            action="Open the plagiarism checker"
          />
        </div>
      </HomeSection>

      {/* Featured tools */}
      <HomeSection
        id="tools-heading"
        className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20"
        eyebrow="Tools"
        title="More tools for writing and checking content"
        text="Detection is the core, with writing, SEO and media tools alongside. Every tool listed here works on this server."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURED.filter((t) => !off.has(t.id)).map((tool) => (
            <li key={tool.id}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild size="lg" variant="outline">
            <Link to="/tools">
              Browse all tools <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </HomeSection>

      {/* Why Veritext */}
      <HomeSection
        id="why-heading"
        className="py-16 sm:py-20"
        eyebrow="Why Veritext"
        title="A detector you can question"
        text="Most detectors give you a number and ask you to trust it. Veritext is built to show its work."
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map(({ icon: Icon, title, description }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-50">
                <Icon className="h-5 w-5 text-indigo-600" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{description}</p>
            </li>
          ))}
          <li className="flex flex-col justify-center rounded-2xl border border-dashed border-indigo-200 bg-indigo-50/50 p-6">
            <h3 className="text-lg font-semibold text-slate-900">Comparing detectors?</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">See how Veritext differs from hosted services, on facts you can verify.</p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {Object.entries(COMPETITOR_NAMES)
                .slice(0, 4)
                .map(([slug, name]) => (
                  <li key={slug}>
                    <Link
                      to={`/${slug}-alternative`}
                      className="inline-flex rounded-full border border-indigo-200 bg-white px-3 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      vs {name}
                    </Link>
                  </li>
                ))}
            </ul>
          </li>
        </ul>
      </HomeSection>

      {/* Comparison table */}
      <HomeSection
        id="compare-heading"
        className="border-t border-slate-200 py-16 sm:py-20"
        eyebrow="Comparison"
        title="Veritext and hosted detectors"
        text="How a self-hosted, open-source detector differs from the hosted services, on facts you can check."
      >
        <ComparisonTable />
      </HomeSection>

      {/* How it works */}
      <HomeSection
        id="how-heading"
        className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20"
        eyebrow="How it works"
        title="From paste to a decision you can defend"
      >
        <ol className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, description }, i) => (
            <li key={title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">{i + 1}</span>
                <Icon className="h-5 w-5 text-indigo-600" aria-hidden="true" />
              </div>
              <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 text-center">
          <HowItWorksDialog />
        </div>
      </HomeSection>

      {/* Use cases */}
      <HomeSection id="uses-heading" className="py-16 sm:py-20" eyebrow="Who it is for" title="Built for people who work with words">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {USE_CASES.map(({ icon: Icon, title, description, example }) => (
            <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-slate-100">
                  <Icon className="h-5 w-5 text-slate-700" aria-hidden="true" />
                </span>
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
              </div>
              <p className="mt-3 text-sm leading-relaxed text-slate-600">{description}</p>
              <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                <span className="font-medium text-slate-900">For example: </span>
                {example}
              </p>
            </li>
          ))}
          <li className="flex flex-col justify-center rounded-2xl bg-linear-to-br from-indigo-600 to-violet-600 p-6 text-white shadow-sm">
            <Sparkles className="h-6 w-6" aria-hidden="true" />
            <h3 className="mt-3 text-lg font-semibold">Run it for your organisation</h3>
            <p className="mt-2 text-sm leading-relaxed text-indigo-100">
              Schools, newsrooms and agencies can host their own instance so documents stay in-house.
            </p>
            <Link
              to="/about"
              className="mt-4 inline-flex items-center gap-1 text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-white"
            >
              About the project <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </li>
        </ul>
      </HomeSection>

      {/* Competitor comparison */}
      <HomeSection
        id="competitors-heading"
        className="border-t border-slate-200 py-16 sm:py-20"
        eyebrow="Alternatives"
        title="Looking for an alternative?"
        text="One page per service, comparing it with Veritext on how each is built and run."
      >
        <CompetitorCards />
      </HomeSection>

      {/* FAQ */}
      <HomeSection id="faq-heading" className="border-t border-slate-200 bg-slate-50 py-16 sm:py-20" eyebrow="FAQ" title="Questions, answered honestly">
        <div className="mx-auto max-w-3xl">
          <FaqList items={HOME_FAQ} />
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          More in the{' '}
          <Link to="/faq" className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
            full FAQ
          </Link>
          .
        </p>
      </HomeSection>

      <HydrateLater whenVisible>
        <CtaBand
          title="Start checking text in seconds"
          text="Try the detector without an account, or sign up for higher limits and the full set of tools."
          primary={{ to: '/register', label: 'Create a free account' }}
          secondary={{ to: '/pricing', label: 'See pricing' }}
        />
      </HydrateLater>

      {/* The 3 latest blog posts */}
      <HydrateLater whenVisible>
        <LatestPosts
          headingId="blog-heading"
          className="py-16 sm:py-20"
          heading={
            <SectionHeading
              id="blog-heading"
              eyebrow="Blog"
              title="Latest from the blog"
              text="Guides on AI detection, plagiarism checking and writing with AI responsibly."
            />
          }
        />
      </HydrateLater>

      {/* Ethics note */}
      <HydrateLater whenVisible>
        <section aria-labelledby="ethics-heading" className="py-12">
          <Container>
            <div className="mx-auto flex max-w-3xl gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <HeartHandshake className="mt-0.5 h-6 w-6 shrink-0 text-indigo-600" aria-hidden="true" />
              <div>
                <h2 id="ethics-heading" className="text-base font-semibold text-slate-900">
                  Use these tools responsibly
                </h2>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">
                  Please use Veritext ethically. Detection results are evidence, not proof — never use them as the sole basis for accusing someone. When you
                  create content with AI, follow the guidelines of your school, employer or publisher, and be open about how your work was produced.
                </p>
              </div>
            </div>
          </Container>
        </section>
      </HydrateLater>

      {/* Visitors and free users only; the server decides (GET /api/site/ads). Not held back like the sections above:
          it renders nothing until that answer, which it asks for once hydrated. */}
      <AdSlots className="pt-0" />
    </div>
  );
}

/** One of the two smaller cards of the 'Start here' section. */
function StartHereCard({
  to,
  icon: Icon,
  tint,
  title,
  text,
  action,
}: {
  to: string;
  icon: LucideIcon;
  tint: string;
  title: string;
  text: string;
  action: string;
}) {
  return (
    <Link
      to={to}
      className="group flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 lg:col-span-2"
    >
      <div className="flex items-center gap-3">
        <span className={`inline-flex h-10 w-10 items-center justify-center rounded-lg ${tint}`}>
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      </div>
      <p className="text-sm leading-relaxed text-slate-600">{text}</p>
      <span className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700">
        {action} <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </span>
    </Link>
  );
}
