import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { LayoutStyle, ResumeBlock, ResumeLayout } from '@/engines/resume/layout';

/** Page width in CSS pixels for each paper size (points × 4/3). */
const PAGE_PX = { letter: 816, a4: 794 } as const;
const pt = (n: number) => `${n}pt`;

function blockStyle(b: ResumeBlock, s: LayoutStyle, prev: ResumeBlock | undefined): CSSProperties {
  const accent = `#${s.accent}`;
  switch (b.kind) {
    case 'name':
      return { fontSize: pt(s.nameSize), fontWeight: 700, color: accent, textAlign: s.nameAlign, lineHeight: 1.15 };
    case 'headline':
      return { fontSize: pt(s.headlineSize), color: '#333', textAlign: s.nameAlign };
    case 'contact':
      return { color: '#333', textAlign: s.nameAlign, overflowWrap: 'anywhere' };
    case 'heading':
      return {
        marginTop: pt(s.sectionGap),
        marginBottom: pt(3),
        fontSize: pt(s.headingSize),
        fontWeight: 700,
        color: accent,
        borderBottom: s.headingRule ? `0.6pt solid ${accent}` : undefined,
        paddingBottom: s.headingRule ? pt(2) : undefined,
      };
    case 'entry':
      return { marginTop: prev && prev.kind !== 'heading' ? pt(s.entryGap) : 0, fontWeight: 700 };
    case 'subline':
      return { fontStyle: 'italic', color: '#333' };
    case 'paragraph':
      return { marginTop: prev?.kind === 'paragraph' ? pt(s.bodySize * 0.4) : 0 };
    case 'bullet':
      return { paddingLeft: pt(s.bodySize * 1.3), textIndent: pt(-s.bodySize * 0.9) };
  }
}

function Block({ b, s, prev }: { b: ResumeBlock; s: LayoutStyle; prev: ResumeBlock | undefined }) {
  const style = blockStyle(b, s, prev);
  if (b.kind === 'name') return <p style={style}>{b.text}</p>;
  if (b.kind === 'heading') return <h3 style={style}>{b.text}</h3>;
  if (b.kind === 'entry' || b.kind === 'subline')
    return (
      <p style={{ ...style, display: 'flex', justifyContent: 'space-between', gap: '12pt' }}>
        <span>{b.text}</span>
        {b.right && <span style={{ fontWeight: 400, fontStyle: 'normal', color: '#333', whiteSpace: 'nowrap' }}>{b.right}</span>}
      </p>
    );
  if (b.kind === 'bullet')
    return (
      <p style={style}>
        <span aria-hidden="true" style={{ display: 'inline-block', width: pt(s.bodySize * 0.9), textIndent: 0 }}>
          •
        </span>
        {b.text}
      </p>
    );
  return <p style={style}>{b.text}</p>;
}

/**
 * The page preview: the same blocks and typography the PDF and DOCX are drawn from, on a page of the chosen paper,
 * scaled down to fit its column.
 */
export function ResumePreview({ layout, paper }: { layout: ResumeLayout; paper: 'letter' | 'a4' }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ scale: 1, height: 0 });
  const width = PAGE_PX[paper];
  useLayoutEffect(() => {
    const measure = () => {
      if (!outer.current || !inner.current) return;
      const scale = Math.min(1, outer.current.clientWidth / width);
      setBox({ scale, height: inner.current.offsetHeight * scale });
    };
    measure();
    const ro = new ResizeObserver(measure);
    if (outer.current) ro.observe(outer.current);
    if (inner.current) ro.observe(inner.current);
    return () => ro.disconnect();
  }, [width, layout]);
  const s = layout.style;
  return (
    <div ref={outer} className="w-full">
      {/* the frame has the scaled page's size, so its border follows the page at any scale */}
      <div
        className="mx-auto overflow-hidden rounded-md border border-border bg-white shadow-sm"
        style={{ width: width * box.scale, height: box.height || undefined }}
      >
        <div
          ref={inner}
          data-testid="resume-preview"
          aria-label="Resume preview"
          role="document"
          className="origin-top-left bg-white text-[#111]"
          style={{
            width,
            minHeight: width * (paper === 'a4' ? 1.414 : 1.294),
            padding: pt(s.margin),
            transform: `scale(${box.scale})`,
            fontFamily: s.font === 'serif' ? '"Times New Roman", Times, serif' : 'Helvetica, Arial, sans-serif',
            fontSize: pt(s.bodySize),
            lineHeight: s.lineHeight,
          }}
        >
          {layout.blocks.length === 0 ? (
            <p style={{ color: '#666' }}>Your resume appears here as you fill in the form.</p>
          ) : (
            layout.blocks.map((b, i) => <Block key={i} b={b} s={s} prev={layout.blocks[i - 1]} />)
          )}
        </div>
      </div>
    </div>
  );
}
