/** How many posts the blog's list and the home page show (zod-free: the home page loads no blog schema). */
export const BLOG_LIST_DEFAULT = 10;
export const BLOG_LIST_MAX = 50;
/** The home page shows 3 posts, excerpts cut at 120 characters. */
export const BLOG_TEASER_COUNT = 3;
export const BLOG_TEASER_EXCERPT = 120;
