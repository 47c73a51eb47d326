/** User-facing messages fixed word for word, shared by server and client. */
export const TIMEOUT_TOOLS_MESSAGE = 'Request timed out. Try with shorter text or try again later when server traffic is lower.';
