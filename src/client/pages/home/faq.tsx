import { Link } from 'react-router';
import type { FaqItem } from '@/client/pages/content/_parts';
import { FAQ_DATA, faqPieces, type FaqEntry } from '@/shared/faq';

/**
 * FAQ copy shared by the home page (first few) and /faq (all, grouped). The text lives in src/shared/faq.ts, so the
 * server's FAQPage structured data says exactly what the page says.
 */
function answer(entry: FaqEntry): FaqItem['a'] {
  const paragraphs = entry.a.map((p, i) => (
    <p key={i}>
      {faqPieces(p).map((x, j) =>
        x.kind === 'code' ? (
          <code key={j}>{x.text}</code>
        ) : x.kind === 'link' ? (
          <Link key={j} to={x.href}>
            {x.text}
          </Link>
        ) : (
          x.text
        ),
      )}
    </p>
  ));
  return paragraphs.length === 1 ? paragraphs[0] : <>{paragraphs}</>;
}

export const FAQ_GROUPS: { title: string; items: FaqItem[] }[] = FAQ_DATA.map((g) => ({
  title: g.title,
  items: g.items.map((e) => ({ q: e.q, a: answer(e) })),
}));

/** The questions shown on the home page. */
export const HOME_FAQ: FaqItem[] = [
  FAQ_GROUPS[0]!.items[0]!,
  FAQ_GROUPS[0]!.items[1]!,
  FAQ_GROUPS[0]!.items[2]!,
  FAQ_GROUPS[1]!.items[0]!,
  FAQ_GROUPS[1]!.items[1]!,
  FAQ_GROUPS[2]!.items[0]!,
];
