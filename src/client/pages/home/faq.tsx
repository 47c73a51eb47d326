import { Link } from 'react-router';
import type { FaqItem } from '@/client/pages/content/_parts';

/**
 * Honest FAQ copy shared by the home page (first few) and /faq (all, grouped).
 * No accuracy figures: the detector's evaluation lives in its model card (docs/detector.md).
 */
export const FAQ_GROUPS: { title: string; items: FaqItem[] }[] = [
  {
    title: 'AI detection',
    items: [
      {
        q: 'How does the AI content detector work?',
        a: (
          <>
            <p>
              The detector splits your text into sentences and scores each one with statistical and linguistic signals that tend to differ between human and
              machine writing — such as vocabulary variety, sentence length and rhythm, how repetitive the wording is, and phrases that are common in AI output.
              The sentence scores are combined into an overall verdict.
            </p>
            <p>
              Alongside each flagged sentence it shows the reasons that drove the score, so you can read them and decide for yourself whether they make sense.
            </p>
          </>
        ),
      },
      {
        q: 'How accurate is it?',
        a: (
          <>
            <p>
              No AI detector is always right, and we do not advertise a single accuracy number. Results depend on the length of the text, its language and
              genre, and the model that produced it. Short texts and heavily edited texts are the hardest.
            </p>
            <p>
              How the detector was built and evaluated, and its known limits, are documented in its model card (<code>docs/detector.md</code> in the source
              code), so you can check the method rather than take a claim on trust.
            </p>
          </>
        ),
      },
      {
        q: 'What does an “uncertain” verdict mean?',
        a: (
          <p>
            When the evidence is weak either way, Veritext says so instead of forcing a yes-or-no answer. Writing by non-native English speakers, very formal
            prose and short texts can look “machine-like” to simple detectors; an uncertain band reduces the chance of wrongly accusing someone. Treat
            “uncertain” as “do not draw a conclusion from this tool alone”.
          </p>
        ),
      },
      {
        q: 'Can a detection result prove that someone cheated?',
        a: (
          <p>
            No. A detector gives you a signal, not proof. If you are a teacher or editor, use the result to start a conversation — look at drafts, notes and the
            writer’s earlier work — and never as the only basis for a penalty.
          </p>
        ),
      },
      {
        q: 'Which languages are supported?',
        a: (
          <p>
            The detector is designed and tested primarily for English. Other languages may produce unreliable scores; the model card lists what has been
            evaluated.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Privacy and hosting',
    items: [
      {
        q: 'Where is my text sent?',
        a: (
          <p>
            To the server of this Veritext instance and nowhere else by default. The detection engines run on that server without calling third-party AI
            services, so your text is not shared with an outside provider unless the operator of this instance has configured one.
          </p>
        ),
      },
      {
        q: 'Can I host Veritext myself?',
        a: (
          <p>
            Yes. Veritext is open-source software that you can run on your own server, for example for a school or a newsroom that must keep documents in-house.
            The engines work offline, so it can run without internet access once installed.
          </p>
        ),
      },
      {
        q: 'Do you use tracking cookies?',
        a: (
          <p>
            Not by default. When you are logged in, a session cookie keeps you signed in, and your cookie-banner choice is remembered in your browser’s local
            storage. There are no third-party trackers unless the operator of this instance adds them. See the <Link to="/cookies">cookie policy</Link>.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Accounts and plans',
    items: [
      {
        q: 'Is Veritext free to use?',
        a: (
          <p>
            You can run the AI content detector without an account, within the limits set by this instance. A free account raises the limits, and paid plans
            unlock the tools marked “Pro”. See <Link to="/pricing">pricing</Link> for the current plans on this instance.
          </p>
        ),
      },
      {
        q: 'Why are some tools marked “Not yet available”?',
        a: (
          <p>
            Veritext is being built in the open and each tool’s engine ships separately. Rather than show a tool that pretends to work, we list it and say
            plainly that it is not available in this build yet.
          </p>
        ),
      },
      {
        q: 'Is it okay to use the humanizer?',
        a: (
          <p>
            The humanizer is meant to make your own drafts read more naturally. Using it to pass off AI-generated work as your own where that is not allowed —
            in coursework, for example — breaks the rules of most schools and publishers. Follow the guidelines that apply to you.
          </p>
        ),
      },
    ],
  },
];

/** The questions shown on the home page. */
export const HOME_FAQ: FaqItem[] = [
  FAQ_GROUPS[0].items[0],
  FAQ_GROUPS[0].items[1],
  FAQ_GROUPS[0].items[2],
  FAQ_GROUPS[1].items[0],
  FAQ_GROUPS[1].items[1],
  FAQ_GROUPS[2].items[0],
];
