// The streaming call lives with the writing tools' other calls; this module keeps its old import path.
export { postStreaming } from './api';
