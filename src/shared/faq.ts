/**
 * The FAQ, one list for the /faq page, the home page's questions and the FAQPage JSON-LD the server puts in /faq's
 * HTML. Answers are paragraphs of plain text with two inline marks the page renders: `code` and [label](/path).
 * No accuracy figures: the detector's evaluation lives in its model card (docs/detector.md).
 */
export interface FaqEntry {
  q: string;
  /** paragraphs */
  a: string[];
}

export const FAQ_DATA: { title: string; items: FaqEntry[] }[] = [
  {
    title: 'AI detection',
    items: [
      {
        q: 'How does the AI content detector work?',
        a: [
          'The detector splits your text into sentences and scores each one with statistical and linguistic signals that tend to differ between human and machine writing — such as vocabulary variety, sentence length and rhythm, how repetitive the wording is, and phrases that are common in AI output. The sentence scores are combined into an overall verdict.',
          'Alongside each flagged sentence it shows the reasons that drove the score, so you can read them and decide for yourself whether they make sense.',
        ],
      },
      {
        q: 'How accurate is it?',
        a: [
          'No AI detector is always right, and we do not advertise a single accuracy number. Results depend on the length of the text, its language and genre, and the model that produced it. Short texts and heavily edited texts are the hardest.',
          'How the detector was built and evaluated, and its known limits, are documented in its model card (`docs/detector.md` in the source code), so you can check the method rather than take a claim on trust.',
        ],
      },
      {
        q: 'What does an “uncertain” verdict mean?',
        a: [
          'When the evidence is weak either way, Veritext says so instead of forcing a yes-or-no answer. Writing by non-native English speakers, very formal prose and short texts can look “machine-like” to simple detectors; an uncertain band reduces the chance of wrongly accusing someone. Treat “uncertain” as “do not draw a conclusion from this tool alone”.',
        ],
      },
      {
        q: 'Can a detection result prove that someone cheated?',
        a: [
          'No. A detector gives you a signal, not proof. If you are a teacher or editor, use the result to start a conversation — look at drafts, notes and the writer’s earlier work — and never as the only basis for a penalty.',
        ],
      },
      {
        q: 'Which languages are supported?',
        a: [
          'The detector is designed and tested primarily for English. Other languages may produce unreliable scores; the model card lists what has been evaluated.',
        ],
      },
    ],
  },
  {
    title: 'Privacy and hosting',
    items: [
      {
        q: 'Where is my text sent?',
        a: [
          'To the server of this Veritext instance and nowhere else by default. The detection engines run on that server without calling third-party AI services, so your text is not shared with an outside provider unless the operator of this instance has configured one.',
        ],
      },
      {
        q: 'Can I host Veritext myself?',
        a: [
          'Yes. Veritext is open-source software that you can run on your own server, for example for a school or a newsroom that must keep documents in-house. The engines work offline, so it can run without internet access once installed.',
        ],
      },
      {
        q: 'Do you use tracking cookies?',
        a: [
          'Not by default. When you are logged in, a session cookie keeps you signed in, and your cookie-banner choice is remembered in your browser’s local storage. There are no third-party trackers unless the operator of this instance adds them. See the [cookie policy](/cookies).',
        ],
      },
    ],
  },
  {
    title: 'Accounts and plans',
    items: [
      {
        q: 'Is Veritext free to use?',
        a: [
          'You can run the AI content detector without an account, within the limits set by this instance. A free account raises the limits, and paid plans unlock the tools marked “Pro”. See [pricing](/pricing) for the current plans on this instance.',
        ],
      },
      {
        q: 'Why are some tools marked “Not yet available”?',
        a: [
          'Veritext is being built in the open and each tool’s engine ships separately. Rather than show a tool that pretends to work, we list it and say plainly that it is not available in this build yet.',
        ],
      },
      {
        q: 'Is it okay to use the humanizer?',
        a: [
          'The humanizer is meant to make your own drafts read more naturally. Using it to pass off AI-generated work as your own where that is not allowed — in coursework, for example — breaks the rules of most schools and publishers. Follow the guidelines that apply to you.',
        ],
      },
    ],
  },
];

/** A paragraph split into its inline pieces (text, `code`, [label](/path)), for the page to render. */
export type FaqPiece = { kind: 'text'; text: string } | { kind: 'code'; text: string } | { kind: 'link'; text: string; href: string };

export function faqPieces(paragraph: string): FaqPiece[] {
  const out: FaqPiece[] = [];
  const re = /`([^`]+)`|\[([^\]]+)\]\((\/[^)\s]*)\)/g;
  let last = 0;
  for (let m = re.exec(paragraph); m; m = re.exec(paragraph)) {
    if (m.index > last) out.push({ kind: 'text', text: paragraph.slice(last, m.index) });
    out.push(m[1] !== undefined ? { kind: 'code', text: m[1] } : { kind: 'link', text: m[2]!, href: m[3]! });
    last = m.index + m[0].length;
  }
  if (last < paragraph.length) out.push({ kind: 'text', text: paragraph.slice(last) });
  return out;
}

/** The answer as plain text (marks dropped), paragraphs separated by a blank line: what FAQPage JSON-LD carries. */
export function faqPlainAnswer(entry: FaqEntry): string {
  return entry.a
    .map((p) =>
      faqPieces(p)
        .map((x) => x.text)
        .join(''),
    )
    .join('\n\n');
}
