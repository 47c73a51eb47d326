import { RECEIPT_HEADER, type ReportTool } from '@/shared/receipt';

/**
 * The receipt the server signs on a logged-in user's detector or plagiarism answer (RECEIPT_HEADER), kept beside the
 * answer object it came with: "Save report" sends both back, and the server saves only what it signed.
 */
export interface HeldReceipt {
  tool: ReportTool;
  receipt: string;
}

const held = new WeakMap<object, HeldReceipt>();

export function rememberReceipt(result: unknown, tool: ReportTool, res: Response): void {
  const receipt = res.headers.get(RECEIPT_HEADER);
  if (receipt && result && typeof result === 'object') held.set(result, { tool, receipt });
}

export function receiptOf(result: object): HeldReceipt | undefined {
  return held.get(result);
}
