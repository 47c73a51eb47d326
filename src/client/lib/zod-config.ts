import { config } from 'zod/v4/core';

// Zod compiles its object parsers with `new Function` when the page allows eval; our CSP (script-src 'self') does
// not, and the probe it makes to find out is reported as a CSP violation (the browser's Issues panel, Lighthouse's
// best practices). Set before any schema is built: this module is imported first by lib/api.ts, which main.tsx
// loads (through lib/queryClient.ts) before the router and every shared contract.
config({ jitless: true });
