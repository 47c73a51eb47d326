import { isCancel, isNative, logNative } from './platform';

export const CANCELLED_PHOTOS = 'User cancelled photos app';

/** A photo from the camera, or null (cancelled, denied or failed: logged, never thrown). */
export function takePhoto(): Promise<File | null> {
  return isNative() ? nativePhoto('camera') : webPick({ capture: true });
}

/** An image from the photo library (gallery), or null. */
export function pickImage(): Promise<File | null> {
  return isNative() ? nativePhoto('photos') : webPick({ capture: false });
}

async function nativePhoto(from: 'camera' | 'photos'): Promise<File | null> {
  try {
    const { Camera, CameraResultType, CameraSource } = await import('@capacitor/camera');
    // Base64 rather than a webPath URI: the page may be served from the Veritext server (server.url), where the
    // WebView's local file URLs are not guaranteed to resolve.
    const photo = await Camera.getPhoto({
      source: from === 'camera' ? CameraSource.Camera : CameraSource.Photos,
      resultType: CameraResultType.Base64,
      quality: 90,
      correctOrientation: true,
    });
    if (!photo.base64String) return null;
    const format = photo.format || 'jpeg';
    const bytes = Uint8Array.from(atob(photo.base64String), (c) => c.charCodeAt(0));
    return new File([bytes], `${from === 'camera' ? 'photo' : 'image'}-${Date.now()}.${format === 'jpeg' ? 'jpg' : format}`, { type: `image/${format}` });
  } catch (err) {
    logNative(isCancel(err) ? CANCELLED_PHOTOS : `${from} failed`, isCancel(err) ? undefined : err);
    return null;
  }
}

/**
 * A one-off file input. `capture` asks a phone's browser for its rear camera; a desktop browser ignores it and shows
 * its file chooser. The input is clicked synchronously so the click keeps the user's gesture.
 */
function webPick({ capture }: { capture: boolean }): Promise<File | null> {
  return pickFile({ accept: 'image/*', capture }).then((file) => {
    if (!file) logNative(CANCELLED_PHOTOS);
    return file;
  });
}

/** Shared with files.ts: a hidden input, resolved with its file or null when the chooser was closed. */
export function pickFile({ accept, capture = false }: { accept: string; capture?: boolean }): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    if (capture) input.setAttribute('capture', 'environment');
    input.hidden = true;
    const done = (file: File | null) => {
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => done(input.files?.[0] ?? null), { once: true });
    // 'cancel' fires when the chooser closes with nothing chosen (Chrome 113+, Safari 16.4+, Firefox 91+)
    input.addEventListener('cancel', () => done(null), { once: true });
    document.body.appendChild(input);
    input.click();
  });
}
