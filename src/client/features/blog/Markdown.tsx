import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { parseMarkdown, type Block, type Inline } from '@/shared/markdown';

/**
 * Renders a post's Markdown (src/shared/markdown.ts) as React elements. No HTML string is ever
 * built or injected, so markup typed into a post shows as text, and the parser already dropped
 * link targets other than http(s), mailto and site paths.
 */
export function Markdown({ source, className = '' }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return <div className={`${PROSE} ${className}`}>{blocks.map(renderBlock)}</div>;
}

/** Typography for rendered posts (descendant variants, as in the content pages' Prose). */
const PROSE = [
  'text-base leading-relaxed text-slate-700 [overflow-wrap:anywhere] sm:text-[1.0625rem]',
  '[&>*+*]:mt-5',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-slate-900 [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-indigo-900',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:pl-1',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-indigo-200 [&_blockquote]:bg-indigo-50/50 [&_blockquote]:py-3 [&_blockquote]:pl-4 [&_blockquote]:pr-3 [&_blockquote]:text-slate-800',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-slate-100 [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.9em]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:font-mono [&_pre]:text-sm [&_pre]:text-slate-100',
  '[&_hr]:border-slate-200',
].join(' ');

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      // The page's own title is the h1, so a post's headings start at h2.
      const level = Math.min(6, Math.max(2, block.level + (block.level === 1 ? 1 : 0)));
      const Tag = `h${level}` as 'h2';
      return <Tag key={key}>{renderInlines(block.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children)}</p>;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{renderInlines(item)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'quote':
      return <blockquote key={key}>{block.children.map(renderBlock)}</blockquote>;
    case 'code':
      return (
        <pre key={key} tabIndex={0}>
          <code>{block.text}</code>
        </pre>
      );
    case 'rule':
      return <hr key={key} />;
  }
}

function renderInlines(nodes: Inline[]): ReactNode {
  return nodes.map((node, i) => <Fragment key={i}>{renderInline(node)}</Fragment>);
}

function renderInline(node: Inline): ReactNode {
  switch (node.type) {
    case 'text':
      // Line breaks inside a paragraph are soft (Markdown): they render as spaces.
      return node.text.replace(/\n/g, ' ');
    case 'code':
      return <code>{node.text}</code>;
    case 'strong':
      return <strong>{renderInlines(node.children)}</strong>;
    case 'em':
      return <em>{renderInlines(node.children)}</em>;
    case 'link':
      if (node.href.startsWith('/')) return <Link to={node.href}>{renderInlines(node.children)}</Link>;
      return (
        <a href={node.href} target={node.href.startsWith('#') ? undefined : '_blank'} rel="noopener noreferrer">
          {renderInlines(node.children)}
        </a>
      );
  }
}
