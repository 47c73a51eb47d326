import { Link } from 'react-router';
import { ArrowLeft, Construction, Mail } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/PageShell';
import { usePageTitle } from '@/client/lib/title';
import { ToolPageShell } from '../shared/ToolPageShell';

/** The five parts of an e-mail, each with what it is for and a short example. */
const GUIDELINES = [
  {
    title: 'Subject line',
    text: 'Keep it short and specific, so the reader knows what the e-mail is about before opening it. Put the key word first.',
    example: 'Invoice 2041: payment due Friday',
  },
  {
    title: 'Greeting',
    text: 'Address the reader by name where you can, in a tone that suits your relationship: "Hi Sam" for a colleague, "Dear Ms Chen" for a first contact.',
    example: 'Hi Sam,',
  },
  {
    title: 'Opening paragraph',
    text: 'Say why you are writing in the first sentence or two, so the reader does not have to search for it.',
    example: 'I am writing to confirm the date of our design review.',
  },
  {
    title: 'Body paragraphs',
    text: 'Give the details the reader needs, one idea per paragraph, and say clearly what you need from them and by when.',
    example: 'Could you send the final mock-ups by Wednesday, so the team can read them before we meet?',
  },
  {
    title: 'Closing',
    text: 'End with the next step or a call to action, then a polite sign-off and your name.',
    example: 'Thanks, and see you on Thursday. Best regards, Alex',
  },
];

/** /tools/email-generator: the SPEC's static notice (the generator is being updated) with e-mail writing guidelines. */
export default function EmailGuidePage() {
  usePageTitle('Email Generator');
  return (
    <ToolPageShell title="Email Generator" lead="Guidelines for writing a clear, effective e-mail.">
      <Notice icon={<Construction className="h-5 w-5" />} title="This tool is being updated">
        The Email Generator is temporarily unavailable while we improve it, so it does not write e-mails for now. Until it is back, these guidelines will help
        you write one yourself.
      </Notice>

      <section aria-labelledby="email-guidelines" className="mt-8">
        <h2 id="email-guidelines" className="flex items-center gap-2 text-xl font-semibold">
          <Mail className="h-5 w-5 text-primary" aria-hidden="true" /> Writing guidelines
        </h2>
        <ol className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="email-guidelines">
          {GUIDELINES.map((g, i) => (
            <li key={g.title} className="rounded-xl border border-border bg-card p-4">
              <h3 className="font-semibold">
                <span className="mr-2 text-primary" aria-hidden="true">
                  {i + 1}.
                </span>
                {g.title}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{g.text}</p>
              <p className="mt-2 rounded-lg bg-muted px-3 py-2 text-sm">
                <span className="sr-only">Example: </span>
                <q>{g.example}</q>
              </p>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-8">
        <Button asChild variant="outline">
          <Link to="/tools">
            <ArrowLeft aria-hidden="true" /> Browse all tools
          </Link>
        </Button>
      </div>
    </ToolPageShell>
  );
}
