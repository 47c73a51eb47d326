import { isCancel, isNative, logNative } from './platform';

export const SHARE_DIALOG_TITLE = 'Share via...';

export interface ShareData {
  title?: string;
  text?: string;
  url?: string;
}

/** 'copied': no share sheet here, so the link (or text) went to the clipboard, and the UI says so. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The system share sheet: the Share plugin in the app, navigator.share in a browser that has it, else the clipboard. */
export async function share(data: ShareData): Promise<ShareOutcome> {
  if (isNative()) {
    try {
      const { Share } = await import('@capacitor/share');
      await Share.share({ ...data, dialogTitle: SHARE_DIALOG_TITLE });
      return 'shared';
    } catch (err) {
      if (isCancel(err)) return 'cancelled';
      logNative('share failed', err);
      return 'failed';
    }
  }
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (err) {
      if (isCancel(err)) return 'cancelled';
      // e.g. NotAllowedError without a user gesture: the clipboard still works
      logNative('navigator.share failed, copying instead', err);
    }
  }
  return copyForShare(data);
}

async function copyForShare(data: ShareData): Promise<ShareOutcome> {
  const text = [data.text, data.url].filter(Boolean).join('\n');
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch (err) {
    logNative('clipboard copy failed', err);
    return 'failed';
  }
}
