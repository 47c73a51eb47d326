import { AlertTriangle } from 'lucide-react';
import { SITE } from '@/client/lib/site';
import { LegalPage, type LegalSection } from './_parts';

const sections: LegalSection[] = [
  {
    id: 'detection',
    title: 'AI detection is an estimate',
    body: (
      <>
        <p>
          The AI content detector estimates how likely it is that a text was written by a machine. It cannot prove who wrote a text. It can be wrong in both
          directions: human writing may be flagged, and AI writing may pass.
        </p>
        <p>
          Texts that are short, heavily edited, highly formal, or written by non-native speakers are harder to judge. That is why {SITE.name} shows the reasons
          behind its scores and returns “uncertain” when the evidence is weak.
        </p>
        <p>
          <strong>Never use a detection result as the only basis for accusing, grading or penalising anyone.</strong> Consider drafts, notes, the writer’s
          earlier work and a conversation with them.
        </p>
      </>
    ),
  },
  {
    id: 'plagiarism',
    title: 'Plagiarism checks',
    body: (
      <p>
        The plagiarism checker compares text with the reference library available to this instance. A text with no matches may still be copied from a source
        outside that library, and a match is not always plagiarism — quotes and common phrases also match.
      </p>
    ),
  },
  {
    id: 'generated',
    title: 'Generated and rewritten content',
    body: (
      <p>
        Writing tools such as the rewriter, humanizer, summarizer and generators produce text automatically. It may contain errors, omissions or invented facts.
        Review and check everything before you publish or submit it. You are responsible for how you use it and for following the rules of your school, employer
        or publisher on AI-generated content.
      </p>
    ),
  },
  {
    id: 'advice',
    title: 'Not professional advice',
    body: <p>Nothing on this website is legal, academic, medical or financial advice. For decisions that matter, consult a qualified person.</p>,
  },
  {
    id: 'links',
    title: 'Other websites',
    body: (
      <p>
        Pages that compare {SITE.name} with other products reflect publicly available information at the time of writing. Other products change; check their own
        websites for current details. Trademarks belong to their owners.
      </p>
    ),
  },
];

export default function DisclaimerPage() {
  return (
    <LegalPage
      title="Disclaimer"
      icon={AlertTriangle}
      intro={<p>What the tools on this site can and cannot tell you, and how to use their results responsibly.</p>}
      sections={sections}
    />
  );
}
