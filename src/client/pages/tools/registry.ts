import type { ComponentType } from 'react';
import { lazy } from '@/client/lib/hydration';

/**
 * Working tool pages, by catalogue tool id (src/shared/catalogue.ts). A tool listed here renders its own
 * page at /tools/{slug} (and its aliases); every other catalogue tool shows the honest
 * "not available on this server yet" page. Register with React.lazy so each engine's UI is its own chunk:
 *
 *   ai_content_detector: lazy(() => import('@/client/features/detector/DetectorPage')),
 *
 * The component receives the tool's slug as it was requested.
 */
const DetectorPage = lazy(() => import('@/client/features/detector/DetectorPage'));
const WritingToolPage = lazy(() => import('@/client/features/writing/WritingToolPage'));

export const TOOL_PAGES: Record<string, ComponentType<{ slug: string }>> = {
  ai_content_detector: DetectorPage,
  chatgpt_detector: DetectorPage,
  ai_humanizer: WritingToolPage,
  ai_rewriter: WritingToolPage,
  ai_summarizer: WritingToolPage,
  sentence_shortener: WritingToolPage,
  text_expander: WritingToolPage,
  grammar_fixer: lazy(() => import('@/client/features/grammar/GrammarPage')),
  plagiarism_checker: lazy(() => import('@/client/features/plagiarism/PlagiarismPage')),
  text_to_speech: lazy(() => import('@/client/features/tts/TtsPage')),
  image_to_text: lazy(() => import('@/client/features/caption/CaptionPage')),
  speech_to_text: lazy(() => import('@/client/features/stt/SttPage')),
  deepfake_detector: lazy(() => import('@/client/features/deepfake/DeepfakePage')),
  essay_writer: lazy(() => import('@/client/features/essay/EssayPage')),
  resume_writer: lazy(() => import('@/client/features/resume/ResumePage')),
  code_explainer: lazy(() => import('@/client/features/code/CodePage')),
  content_generator: lazy(() => import('@/client/features/content/ContentPage')),
  email_generator: lazy(() => import('@/client/features/email-guide/EmailGuidePage')),
  seo_score_analyzer: lazy(() => import('@/client/features/seo-score/SeoScorePage')),
  keyword_extractor: lazy(() => import('@/client/features/keywords/KeywordsPage')),
  hashtag_generator: lazy(() => import('@/client/features/keywords/HashtagsPage')),
  meta_description_generator: lazy(() => import('@/client/features/keywords/MetaDescriptionPage')),
};
