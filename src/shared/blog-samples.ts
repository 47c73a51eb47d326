/**
 * The three built-in posts (three built-in sample posts serve as a fallback when the blog is empty). The server
 * seeds them as published posts at first start (services/blog.ts); the client shows these same
 * posts when the blog API cannot be reached. Markdown, rendered by src/shared/markdown.ts.
 */
export interface BlogSample {
  title: string;
  slug: string;
  excerpt: string;
  /** ISO date of first publication */
  publishedAt: string;
  content: string;
}

export const BLOG_SAMPLES: readonly BlogSample[] = [
  {
    title: 'How the plagiarism checker finds copied passages',
    slug: 'how-the-plagiarism-checker-finds-copied-passages',
    publishedAt: '2026-11-16T09:00:00.000Z',
    excerpt:
      'Word fingerprints, winnowing and a tolerant alignment: how Veritext finds a copied passage among thousands of documents, and what its guarantee of 12 words means.',
    content: `Comparing a submitted essay with every document in a library, word by word, would be far too slow once the library holds thousands of texts. Veritext's plagiarism checker instead compares small **fingerprints** of the texts, and only reads closely the few documents that share enough of them. This post explains each step and what you can rely on.

## Step 1: normalise the text

Before anything is compared, the text is reduced to a plain sequence of words. Case is ignored, accents are removed (\`café\` and \`cafe\` are the same word), apostrophes inside words are dropped, and every other punctuation mark or space only separates words. Changing quotation marks, line breaks or capital letters therefore hides nothing.

## Step 2: fingerprint runs of words

The checker slides a window over the words and hashes every run of **5 consecutive words** (a *5-gram*) into a number. Two texts that share a sentence share the hashes of its 5-grams.

Keeping every hash of every document would make the index huge, so the library keeps only a sample chosen by **winnowing** (Schleimer, Wilkerson and Aiken, 2003): in every window of 8 consecutive hashes, the smallest one is kept. Because the choice depends only on the words themselves, two texts sharing the same words make the same choices. That gives a guarantee:

> Any run of at least **12 identical words** shared by your text and a library document contains a whole winnowing window, so at least one of its fingerprints is in the index and the match is found.

Shorter shared runs are often found too, but 12 words is the promise.

## Step 3: find candidates, then align

For a submitted text, the checker looks up all of its 5-gram hashes in the index in one query. Hashes that appear in very many documents are stock phrases ("at the end of the day") and are ignored. The documents that share the most fingerprints become candidates, and only those are read in full.

For each candidate, an **alignment** starts from the shared 5-grams and extends them word by word in both directions. It tolerates light edits: a substituted, inserted or deleted word is accepted as long as the next four words match again. That is why replacing every eighth word of a copied paragraph does not hide it, while two unrelated texts are never stitched together.

A passage is reported only if it contains at least 12 matching words, so common phrases do not count as plagiarism.

## Step 4: near-duplicates

Rewording a whole document sentence by sentence can break up the runs of identical words. As a second signal, the checker estimates how many pairs of content words two documents share, using **MinHash**. A document that is a close paraphrase of a library source is reported even when few of its passages match word for word.

## Reading the report

- **Similarity** is the share of your words that fall inside reported passages.
- Each **source** lists its title and link, the share of your text it covers, and the matched passages side by side.
- A match is evidence that two texts share words, not a judgement. Quotations with proper citation, standard legal wording or your own earlier work will match too.

## Where the sources come from

The library of this site holds a public-domain starter collection, documents added by staff, the site's own published blog posts (including this one), and submissions of users who chose to share theirs. The checker does **not** search the web, so a copied web page that is not in the library will not be found. See the [plagiarism checker](/tools/plagiarism-checker) to try it.`,
  },
  {
    title: 'Using AI writing tools responsibly',
    slug: 'using-ai-writing-tools-responsibly',
    publishedAt: '2026-11-09T09:00:00.000Z',
    excerpt:
      'AI assistants can help you write, but the work you hand in is still yours to answer for. Practical rules for students, professionals and editors.',
    content: `Language models have become ordinary writing tools: they suggest phrasings, summarise sources and turn notes into a first draft. Used well, they save time. Used carelessly, they produce confident mistakes, blur who did the work, and can break the rules of your school or employer. Here is a practical way to use them without regret.

## Know the rules that apply to you

Before you start, find out what is allowed. Many universities publish a policy per course: some forbid AI assistance entirely, some allow it for brainstorming or language editing, and some require you to say how you used it. Publishers, newsrooms and clients have their own rules. When a rule is unclear, ask. "I did not know" is a weak defence.

## Keep the thinking yours

The parts of writing that matter most are deciding what you want to say, choosing the evidence and building the argument. Hand those to a model and the text may be fluent, but it is no longer your work, and you will struggle to defend it when someone asks a question.

Uses that keep you in charge:

1. Ask for counter-arguments to a draft you wrote.
2. Ask the model to explain a concept, then check the explanation against a real source.
3. Let it suggest clearer wording for a paragraph, and accept only the changes you agree with.
4. Use a [grammar fixer](/tools/grammar-fixer) or a [summarizer](/tools/ai-summarizer) on text you already wrote.

## Check every fact and every citation

Models invent things: quotations, statistics, court cases and references that look perfect and do not exist. Treat every factual claim in generated text as unverified until you have found it in a source you can cite. Never copy a reference from a model into a bibliography without opening it.

## Be open about how the text was made

If AI helped, say how: "I used an AI assistant to improve the wording of sections 2 and 3" is honest and usually enough. Keep your notes and drafts. They show how the work developed, and they are the best answer if anyone later doubts that it is yours.

## Don't try to fool a detector

Tools that "humanize" text are useful for making stiff prose read naturally. Using them to pass off generated work as your own, where that is forbidden, is still a breach of the rules, whatever any detector says. The Veritext [humanizer](/tools/ai-humanizer) is meant for your own drafts.

## For teachers and editors

A detector's result is one piece of evidence, not proof. Before you act on one:

- read the sentences it flagged and the reasons it gives;
- compare the text with the writer's earlier work;
- ask the writer to talk you through their drafts and sources.

Clear rules stated in advance, and assignments that ask for process (outlines, drafts, reflections), prevent more problems than any detector can catch.`,
  },
  {
    title: 'How AI-text detection works, and where it fails',
    slug: 'how-ai-text-detection-works-and-where-it-fails',
    publishedAt: '2026-11-02T09:00:00.000Z',
    excerpt: 'What an AI-text detector actually measures, why no detector is 100 % accurate, and why a flagged text is never proof on its own.',
    content: `AI-text detectors promise to tell whether a person or a language model wrote a text. They can be useful, but only if you understand what they measure and how they fail. This post explains both, using Veritext's own detector as the example.

## What a detector measures

A detector cannot see how a text was produced. It only sees the words, and looks for statistical habits that language models have and people usually do not. Veritext's offline engine combines signals such as:

- **vocabulary variety**: models tend to reuse a narrower set of words;
- **rhythm**: human writers mix long and short sentences more unevenly;
- **stock phrasing**: expressions like "plays a pivotal role" or "in today's fast-paced world" are far more common in model output;
- **predictability**: how easily the text compresses, a rough measure of how expected each word is.

Each sentence gets a score, and the scores are combined into a verdict for the whole text: *human*, *mixed*, *ai* or *uncertain*, with the reasons shown next to each sentence.

## Why no detector is 100 % accurate

The signals above are tendencies, not fingerprints. A careful person can write evenly and formally; a model can be prompted to write with quirks. Several things make detection harder:

1. **Short texts** carry too little evidence. Veritext answers *uncertain* below 50 words.
2. **Edited or paraphrased AI text** loses many of the habits a detector looks for.
3. **New models and new topics** differ from the texts the detector was trained on, and thresholds chosen on one kind of writing do not carry over to another.

Claims of 99 % accuracy usually come from tests on the same kind of text the detector was tuned on. On unfamiliar text, accuracy drops.

## False positives are the real danger

Flagging a human text as AI-written is the most harmful mistake a detector can make, because it can lead to an accusation. It is also common. A study published in *Patterns* in 2023 (Liang and colleagues) found that widely used detectors flagged a large share of essays written by non-native English speakers as AI-generated, because those essays use simpler, more predictable vocabulary.

Formal and formulaic writing is at risk for the same reason: lab reports, legal text, standard cover letters and texts that follow a strict template.

That is why Veritext is deliberately conservative. It prefers *uncertain* to a guess, and it only says *ai* when the score is high and the sentences agree. The price is that some AI-written texts are not flagged. We think that is the right trade.

## How to use a result

- Read the reasons, not only the percentage.
- Treat *uncertain* as "the detector cannot tell", not as a softer "AI".
- Never use a detector's verdict as the only basis for a decision about a person. Combine it with drafts, the writer's earlier work and a conversation.

You can try the [AI content detector](/tools/ai-content-detector) on your own text, and read its model card in the project's documentation for the measured error rates.`,
  },
];
