import { Link } from 'react-router';
import { Code2, Info, ListChecks, Scale, Server, WifiOff, type LucideIcon } from 'lucide-react';
import { Container, CtaBand, PageHeader, Prose, usePageTitle } from './_parts';

const PRINCIPLES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ListChecks,
    title: 'Show the reasons',
    text: 'A score without reasons cannot be questioned. Veritext explains its verdict sentence by sentence.',
  },
  {
    icon: Scale,
    title: 'Prefer “uncertain” to a wrong answer',
    text: 'False accusations hurt real people, often non-native writers. When the evidence is weak, we say so.',
  },
  {
    icon: Server,
    title: 'Your text stays with you',
    text: 'Self-host it and documents never leave your server. No third-party trackers are included by default.',
  },
  {
    icon: WifiOff,
    title: 'Work offline',
    text: 'The engines run locally, without calling an outside AI provider, so the platform keeps working offline.',
  },
  {
    icon: Code2,
    title: 'Open by default',
    text: 'The code is open source and the detector has a public model card describing its method and limits.',
  },
];

export default function AboutPage() {
  usePageTitle('About');
  return (
    <div className="bg-white">
      <PageHeader
        eyebrow="About"
        icon={Info}
        title="About Veritext"
        intro={
          <p>
            Veritext is an open-source, self-hostable platform of AI writing and detection tools. Its core is an AI-text detector that explains its verdicts, so
            that the people who rely on it — teachers, editors, students — can check the reasoning instead of trusting a number.
          </p>
        }
      />

      <Container className="py-12 sm:py-16">
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_340px]">
          <Prose>
            <h2 className="mt-0!">Why we built it</h2>
            <p>
              AI writing assistants are now part of how many people write. That has left schools, publishers and businesses asking a hard question: was this
              text written by a person? Many detectors answer with a single percentage and little explanation, and they run on someone else’s servers, so your
              documents leave your hands.
            </p>
            <p>
              We think a detector should be something you can question. Veritext highlights the sentences that look machine-written, lists the signals behind
              each score and says “uncertain” when it cannot tell. Because it is open source and runs on your own server, you can audit how it works and keep
              sensitive documents in-house.
            </p>

            <h2>What Veritext includes</h2>
            <ul>
              <li>
                <strong>AI content detector</strong> — an overall verdict plus sentence-level highlights and reasons.
              </li>
              <li>
                <strong>Humanizer and rewriting tools</strong> — to make your own drafts read naturally.
              </li>
              <li>
                <strong>Plagiarism checker</strong> — matches against the reference library of your instance.
              </li>
              <li>
                <strong>Writing, SEO and media tools</strong> — summarizer, grammar fixer, keyword extractor, image captions and more. See{' '}
                <Link to="/tools">all tools</Link>; those whose engines have not shipped yet are clearly marked.
              </li>
            </ul>

            <h2>What a detector cannot do</h2>
            <p>
              No detector can prove who wrote a text. Results depend on length, language, genre and the model that produced the text, and heavily edited writing
              is hard to classify. The detector’s model card (<code>docs/detector.md</code> in the source code) describes how it was built and evaluated and
              where it is known to struggle. Please treat every result as one piece of evidence, alongside drafts, context and a conversation with the writer.
            </p>

            <h2>Who runs this website</h2>
            <p>
              Veritext is software, and anyone can host it. This website is an instance run by its operator, who is responsible for the service, its accounts
              and its policies. For questions about this instance, see the <Link to="/contact">contact page</Link>.
            </p>
          </Prose>

          <aside aria-labelledby="principles-heading" className="lg:pt-1">
            <h2 id="principles-heading" className="text-lg font-semibold text-slate-900">
              Our principles
            </h2>
            <ul className="mt-4 space-y-3">
              {PRINCIPLES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
                  <Icon className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" aria-hidden="true" />
                  <div>
                    <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </Container>

      <CtaBand
        title="Try the detector"
        text="Paste a text and see which sentences look machine-written, and why."
        primary={{ to: '/tools/ai-content-detector', label: 'Open the detector' }}
        secondary={{ to: '/faq', label: 'Read the FAQ' }}
      />
    </div>
  );
}
