/**
 * The one adapter to the device (docs/mobile.md). Each function takes the Capacitor plugin in the app
 * (Capacitor.isNativePlatform()) and the web API in a browser; plugins are imported on first use, so the web bundle
 * does not carry them. Failures are logged and answered with null/false, never thrown (SPEC).
 */
export { isNative, platform } from './platform';
export { registerPush } from './push';
export { notify, requestNotificationPermission, type LocalNotice } from './notifications';
export { pickImage, takePhoto } from './camera';
export { readFile, saveFile } from './files';
export { share, type ShareData, type ShareOutcome } from './share';
