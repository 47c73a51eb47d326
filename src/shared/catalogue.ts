import type { PlanRole, Role } from './roles';
import { isStaff } from './roles';

/** The single tool catalogue. Header, sidebar, tools pages and the server all read it. */
export type ToolCategory = 'text' | 'media' | 'seo' | 'writing';

export const CATEGORY_LABELS: Record<ToolCategory, string> = {
  text: 'Text Tools',
  media: 'Media Tools',
  seo: 'SEO Tools',
  writing: 'Writing Tools',
};

/** Short group names used in the sidebar (Text, Media, SEO, Writing). */
export const CATEGORY_SHORT: Record<ToolCategory, string> = { text: 'Text', media: 'Media', seo: 'SEO', writing: 'Writing' };

export interface Tool {
  /** snake_case identifier, e.g. ai_content_detector. */
  id: string;
  /** URL segment under /tools/. */
  slug: string;
  name: string;
  description: string;
  category: ToolCategory;
  /** lucide-react icon name. */
  icon: string;
  iconColor: string;
  route: string;
  aliases: string[];
  requiresAuth: boolean;
  /** Plans that may use the tool; staff roles are never limited by plan. */
  requiredRole: PlanRole[];
  comingSoon?: boolean;
  /**
   * True once the tool's engine ships in this build. Tools whose issue has not landed yet are
   * listed but say they are not available, rather than pretending to work.
   */
  live: boolean;
  /**
   * Tools that write new prose with the language model: 'always' when nothing works without one (the page and the
   * catalogue say "needs a language model" when /api/tools/capabilities reports none), 'partly' when an offline part
   * still works (e.g. the essay writer's outline).
   */
  needsModel?: 'always' | 'partly';
}

// The product's role lists say "free, pro, agency, admin" for most tools and omits basic, which would lock a paying
// basic subscriber out of free tools; basic is included wherever free is.
const OPEN: PlanRole[] = ['free', 'basic', 'pro', 'agency'];
const PRO: PlanRole[] = ['pro', 'agency'];

type Def = Omit<Tool, 'route' | 'aliases' | 'requiresAuth' | 'requiredRole' | 'live'> &
  Partial<Pick<Tool, 'aliases' | 'requiresAuth' | 'requiredRole' | 'live' | 'route'>>;

function tool(d: Def): Tool {
  return {
    route: `/tools/${d.slug}`,
    aliases: [],
    requiresAuth: false,
    requiredRole: OPEN,
    live: false,
    ...d,
  };
}

export const TOOLS: Tool[] = [
  tool({
    id: 'ai_content_detector',
    slug: 'ai-content-detector',
    name: 'AI Content Detector',
    description: 'Find out whether a text was written by AI, sentence by sentence, with the reasons.',
    category: 'text',
    icon: 'ScanSearch',
    iconColor: '#2563eb',
    aliases: ['content-detector'],
    live: true,
  }),
  tool({
    id: 'chatgpt_detector',
    slug: 'chatgpt-detector',
    name: 'ChatGPT Detector',
    description: 'Check whether an essay or article was produced by ChatGPT or another chatbot.',
    category: 'text',
    icon: 'Bot',
    iconColor: '#0891b2',
    live: true,
  }),
  tool({
    id: 'ai_humanizer',
    slug: 'ai-humanizer',
    name: 'AI Humanizer',
    description: 'Rewrite AI-sounding text so it reads naturally, keeping its meaning.',
    category: 'text',
    icon: 'Wand2',
    iconColor: '#7c3aed',
    live: true,
  }),
  tool({
    id: 'ai_rewriter',
    slug: 'ai-rewriter',
    name: 'AI Rewriter',
    description: 'Paraphrase text in one of six tones.',
    category: 'text',
    icon: 'RefreshCw',
    iconColor: '#db2777',
    live: true,
  }),
  tool({
    id: 'grammar_fixer',
    slug: 'grammar-fixer',
    name: 'Grammar Fixer',
    description: 'Find and fix grammar, spelling and punctuation mistakes.',
    category: 'text',
    icon: 'SpellCheck',
    iconColor: '#16a34a',
    live: true,
  }),
  tool({
    id: 'ai_summarizer',
    slug: 'ai-summarizer',
    name: 'AI Summarizer',
    description: 'Condense long text into a paragraph or bullet points.',
    category: 'text',
    icon: 'ListCollapse',
    iconColor: '#ea580c',
    live: true,
  }),
  tool({
    id: 'text_expander',
    slug: 'text-expander',
    name: 'Text Expander',
    description: 'Turn short notes into fuller paragraphs.',
    category: 'text',
    icon: 'Expand',
    iconColor: '#0d9488',
    aliases: ['expander'],
    live: true,
    needsModel: 'always',
  }),
  tool({
    id: 'sentence_shortener',
    slug: 'sentence-shortener',
    name: 'Sentence Shortener',
    description: 'Cut wordy phrases, fillers and hedges, and split over-long sentences, keeping the meaning.',
    category: 'text',
    icon: 'Scissors',
    iconColor: '#9333ea',
    live: true,
  }),
  tool({
    id: 'plagiarism_checker',
    slug: 'plagiarism-checker',
    name: 'Plagiarism Checker',
    description: 'Find passages that match the reference library, with their sources.',
    category: 'text',
    icon: 'FileSearch',
    iconColor: '#dc2626',
    live: true,
  }),
  tool({
    id: 'text_to_speech',
    slug: 'text-to-speech',
    name: 'Text to Speech',
    description: 'Turn text into natural-sounding speech.',
    category: 'media',
    icon: 'Volume2',
    iconColor: '#2563eb',
    live: true,
  }),
  tool({
    id: 'speech_to_text',
    slug: 'speech-to-text',
    name: 'Speech to Text',
    description: 'Transcribe spoken audio into text.',
    category: 'media',
    icon: 'Mic',
    iconColor: '#059669',
    requiresAuth: true,
    requiredRole: PRO,
    live: true,
  }),
  tool({
    id: 'image_to_text',
    slug: 'image-caption-generator',
    name: 'Image Caption Generator',
    description: 'Describe an image and read the text in it.',
    category: 'media',
    icon: 'Image',
    iconColor: '#d97706',
    live: true,
  }),
  tool({
    id: 'deepfake_detector',
    slug: 'deepfake-detector',
    name: 'Deepfake Detector',
    description: 'Check an image for signs of manipulation or AI generation.',
    category: 'media',
    icon: 'ShieldAlert',
    iconColor: '#e11d48',
    live: true,
  }),
  tool({
    id: 'keyword_extractor',
    slug: 'keyword-extractor',
    name: 'Keyword Extractor',
    description: 'Pull out the key words and phrases of a text.',
    category: 'seo',
    icon: 'KeyRound',
    iconColor: '#4f46e5',
    live: true,
  }),
  tool({
    id: 'hashtag_generator',
    slug: 'hashtag-generator',
    name: 'Hashtag Generator',
    description: 'Suggest hashtags for a post from its content.',
    category: 'seo',
    icon: 'Hash',
    iconColor: '#0284c7',
    live: true,
  }),
  tool({
    id: 'meta_description_generator',
    slug: 'seo-meta-description',
    name: 'SEO Meta Description',
    description: 'Write meta descriptions of the right length for search results.',
    category: 'seo',
    icon: 'Tags',
    iconColor: '#65a30d',
    requiresAuth: true,
    requiredRole: PRO,
    needsModel: 'partly',
    live: true,
  }),
  tool({
    id: 'seo_score_analyzer',
    slug: 'seo-score-analyzer',
    name: 'SEO Score Analyzer',
    description: 'Score a page for readability and on-page SEO, with fixes.',
    category: 'seo',
    icon: 'Gauge',
    iconColor: '#ca8a04',
    live: true,
  }),
  tool({
    id: 'code_explainer',
    slug: 'code-generator',
    name: 'Code Generator',
    description: 'Explain existing code: outline, complexity and a walk-through of its structure. Generate code from a description.',
    category: 'writing',
    icon: 'Code2',
    iconColor: '#475569',
    needsModel: 'partly',
    live: true,
  }),
  tool({
    id: 'essay_writer',
    slug: 'essay-writer',
    name: 'Essay Writer',
    description: 'Draft a structured essay from a topic and outline.',
    category: 'writing',
    icon: 'PenLine',
    iconColor: '#7c2d12',
    requiresAuth: true,
    requiredRole: PRO,
    needsModel: 'partly',
    live: true,
  }),
  tool({
    id: 'resume_writer',
    slug: 'resume-writer',
    name: 'Resume Writer',
    description: 'Turn your experience into a clear, focused resume.',
    category: 'writing',
    icon: 'FileUser',
    iconColor: '#1d4ed8',
    requiresAuth: true,
    requiredRole: PRO,
    needsModel: 'partly',
    live: true,
  }),
  tool({
    id: 'email_generator',
    slug: 'email-generator',
    name: 'Email Generator',
    // SPEC: a static notice (the generator is being updated) with e-mail writing guidelines; it writes no e-mails.
    description: 'Guidelines for writing a clear e-mail: subject line, greeting, opening, body and closing.',
    category: 'writing',
    icon: 'Mail',
    iconColor: '#0f766e',
    requiresAuth: true,
    requiredRole: PRO,
    live: true,
  }),
  tool({
    id: 'content_generator',
    slug: 'content-generator',
    name: 'Content Generator',
    description: 'Draft articles and posts from a brief.',
    category: 'writing',
    icon: 'Sparkles',
    iconColor: '#a21caf',
    needsModel: 'always',
    live: true,
  }),
  tool({
    id: 'ad_copy_generator',
    slug: 'coming-soon',
    name: 'Ad Copy Generator',
    description: 'Write ad copy for search and social campaigns.',
    category: 'writing',
    icon: 'Megaphone',
    iconColor: '#be123c',
    requiresAuth: true,
    requiredRole: PRO,
    comingSoon: true,
  }),
];

/** Coming-soon placeholders that have their own path. */
export const COMING_SOON_SLUGS = ['image-to-text', 'code-analyzer', 'email-writer', 'blog-post-generator', 'social-media-generator', 'image-enhancer'] as const;

/** Category landing pages and which tool categories each gathers. */
export const TOOL_COLLECTIONS: { slug: string; title: string; description: string; toolIds: string[] }[] = [
  {
    slug: 'ai-detection',
    title: 'AI Detection Tools',
    description: 'Tell human writing from machine writing, and check media for manipulation.',
    toolIds: ['ai_content_detector', 'chatgpt_detector', 'plagiarism_checker', 'deepfake_detector'],
  },
  {
    slug: 'content-creation',
    title: 'Content Creation Tools',
    description: 'Draft, expand and generate content.',
    toolIds: ['content_generator', 'essay_writer', 'text_expander', 'email_generator', 'code_explainer', 'ad_copy_generator'],
  },
  {
    slug: 'seo-marketing',
    title: 'SEO & Marketing Tools',
    description: 'Keywords, hashtags, meta descriptions and page scores.',
    toolIds: ['keyword_extractor', 'hashtag_generator', 'meta_description_generator', 'seo_score_analyzer'],
  },
  {
    slug: 'writing-editing',
    title: 'Writing & Editing Tools',
    description: 'Polish, rewrite, shorten and humanize your writing.',
    toolIds: ['grammar_fixer', 'ai_rewriter', 'ai_humanizer', 'sentence_shortener', 'ai_summarizer', 'resume_writer'],
  },
  {
    slug: 'analysis',
    title: 'Analysis Tools',
    description: 'Understand text, audio and images.',
    toolIds: ['ai_content_detector', 'seo_score_analyzer', 'keyword_extractor', 'speech_to_text', 'image_to_text'],
  },
];

export function findToolBySlug(slug: string): Tool | undefined {
  return TOOLS.find((t) => t.slug === slug || t.aliases.includes(slug));
}

export function findTool(id: string): Tool | undefined {
  return TOOLS.find((t) => t.id === id);
}

export function toolsByCategory(category: ToolCategory): Tool[] {
  return TOOLS.filter((t) => t.category === category && !t.comingSoon);
}

/** Can this role (null = anonymous) use the tool? Staff are not limited by plan. */
export function canUseTool(tool: Tool, role: Role | null): boolean {
  if (role === null) return !tool.requiresAuth;
  if (isStaff(role)) return true;
  return tool.requiredRole.includes(role as PlanRole);
}

/** Lowest plan that unlocks a tool, for 'Available with {plan} plan or higher'. */
export function lowestPlan(tool: Tool): PlanRole {
  return (['free', 'basic', 'pro', 'agency'] as const).find((p) => tool.requiredRole.includes(p)) ?? 'agency';
}
