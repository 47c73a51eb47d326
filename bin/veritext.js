#!/usr/bin/env node
// `npx veritext detect [--api URL --key KEY] FILE…` in a checkout: the CLI is TypeScript, run through tsx (a dependency).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/veritext.ts');
process.exitCode = await main(process.argv.slice(2));
