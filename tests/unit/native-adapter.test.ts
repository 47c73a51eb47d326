import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The native branch of the device adapter (src/client/lib/native) with the Capacitor plugins mocked: each function
 * calls the right plugin with the right options, and a failure becomes null/false and a log line, never a throw.
 * The web branch runs in Chromium (e2e/native-adapter.spec.ts).
 */
const m = vi.hoisted(() => {
  type Handler = (payload: unknown) => void;
  const listeners = new Map<string, Handler>();
  const addListener = vi.fn((event: string, handler: Handler) => {
    listeners.set(event, handler);
    return Promise.resolve({ remove: vi.fn() });
  });
  return {
    listeners,
    share: vi.fn(),
    getPhoto: vi.fn(),
    writeFile: vi.fn(),
    readFile: vi.fn(),
    schedule: vi.fn(),
    localPermissions: vi.fn(),
    pushPermissions: vi.fn(),
    register: vi.fn(),
    setStyle: vi.fn(),
    setBackgroundColor: vi.fn(),
    hide: vi.fn(),
    exitApp: vi.fn(),
    addListener,
  };
});

vi.mock('@capacitor/core', () => ({ Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' } }));
vi.mock('@capacitor/share', () => ({ Share: { share: m.share } }));
vi.mock('@capacitor/camera', () => ({
  Camera: { getPhoto: m.getPhoto },
  CameraSource: { Prompt: 'PROMPT', Camera: 'CAMERA', Photos: 'PHOTOS' },
  CameraResultType: { Uri: 'uri', Base64: 'base64', DataUrl: 'dataUrl' },
}));
vi.mock('@capacitor/filesystem', () => ({
  Filesystem: { writeFile: m.writeFile, readFile: m.readFile },
  Directory: { Documents: 'DOCUMENTS', Data: 'DATA' },
  Encoding: { UTF8: 'utf8' },
}));
vi.mock('@capacitor/local-notifications', () => ({
  LocalNotifications: { schedule: m.schedule, requestPermissions: m.localPermissions, addListener: m.addListener },
}));
vi.mock('@capacitor/push-notifications', () => ({
  PushNotifications: { requestPermissions: m.pushPermissions, register: m.register, addListener: m.addListener },
}));
vi.mock('@capacitor/status-bar', () => ({ StatusBar: { setStyle: m.setStyle, setBackgroundColor: m.setBackgroundColor }, Style: { Dark: 'DARK' } }));
vi.mock('@capacitor/splash-screen', () => ({ SplashScreen: { hide: m.hide } }));
vi.mock('@capacitor/app', () => ({ App: { addListener: m.addListener, exitApp: m.exitApp } }));

const native = await import('@/client/lib/native');
const { startNativeApp, routeOf } = await import('@/client/lib/native/startup');

let warn: ReturnType<typeof vi.spyOn>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.clearAllMocks();
  m.listeners.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  warn.mockRestore();
  vi.unstubAllGlobals();
});

const warned = () => warn.mock.calls.map((c: unknown[]) => String(c[0])).join('\n');

describe('platform', () => {
  it('is native on android', () => {
    expect(native.isNative()).toBe(true);
    expect(native.platform()).toBe('android');
  });
});

describe('share', () => {
  it('opens the Share plugin with the dialog title', async () => {
    m.share.mockResolvedValue({});
    await expect(native.share({ title: 'Report', url: 'https://v.example/r/abc' })).resolves.toBe('shared');
    expect(m.share).toHaveBeenCalledWith({ title: 'Report', url: 'https://v.example/r/abc', dialogTitle: 'Share via...' });
  });
  it('a cancelled sheet is not a failure; another error is logged', async () => {
    m.share.mockRejectedValueOnce(new Error('Share canceled'));
    await expect(native.share({ text: 'x' })).resolves.toBe('cancelled');
    m.share.mockRejectedValueOnce(new Error('boom'));
    await expect(native.share({ text: 'x' })).resolves.toBe('failed');
    expect(warned()).toContain('share failed');
  });
});

describe('camera and gallery', () => {
  it('takes a photo with the camera and returns it as a File', async () => {
    m.getPhoto.mockResolvedValue({ base64String: btoa('\xff\xd8\xffjpeg'), format: 'jpeg', saved: false });
    const file = await native.takePhoto();
    expect(m.getPhoto).toHaveBeenCalledWith(expect.objectContaining({ source: 'CAMERA', resultType: 'base64' }));
    expect(file).toBeInstanceOf(File);
    expect(file!.type).toBe('image/jpeg');
    expect(file!.name).toMatch(/^photo-\d+\.jpg$/);
    expect(new Uint8Array(await file!.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
  });
  it('picks from the photo library', async () => {
    m.getPhoto.mockResolvedValue({ base64String: btoa('png'), format: 'png', saved: false });
    const file = await native.pickImage();
    expect(m.getPhoto).toHaveBeenCalledWith(expect.objectContaining({ source: 'PHOTOS', resultType: 'base64' }));
    expect(file!.type).toBe('image/png');
  });
  it('cancelling gives null and logs "User cancelled photos app"; a failure gives null', async () => {
    m.getPhoto.mockRejectedValueOnce(new Error('User cancelled photos app'));
    await expect(native.pickImage()).resolves.toBeNull();
    expect(warned()).toContain('User cancelled photos app');
    m.getPhoto.mockRejectedValueOnce(new Error('Camera permission denied'));
    await expect(native.takePhoto()).resolves.toBeNull();
    expect(warned()).toContain('camera failed');
  });
});

describe('file save and read', () => {
  it('saves text as utf8 in Documents', async () => {
    m.writeFile.mockResolvedValue({ uri: 'file:///x' });
    await expect(native.saveFile('report.txt', 'hello')).resolves.toBe(true);
    expect(m.writeFile).toHaveBeenCalledWith({ path: 'report.txt', data: 'hello', directory: 'DOCUMENTS', encoding: 'utf8', recursive: true });
  });
  it('saves a binary Blob (a PDF) as base64, not utf8', async () => {
    m.writeFile.mockResolvedValue({ uri: 'file:///x' });
    await expect(native.saveFile('r.pdf', new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xe2])]), 'application/pdf')).resolves.toBe(true);
    expect(m.writeFile).toHaveBeenCalledWith({ path: 'r.pdf', data: btoa('%PDF\xe2'), directory: 'DOCUMENTS', recursive: true });
  });
  it('a failed save is false', async () => {
    m.writeFile.mockRejectedValue(new Error('disk full'));
    await expect(native.saveFile('a.txt', 'x')).resolves.toBe(false);
    expect(warned()).toContain('file save failed');
  });
  it('reads utf8 from Documents; failure or no path is null', async () => {
    m.readFile.mockResolvedValueOnce({ data: 'saved text' });
    await expect(native.readFile({ path: 'notes.txt' })).resolves.toBe('saved text');
    expect(m.readFile).toHaveBeenCalledWith({ path: 'notes.txt', directory: 'DOCUMENTS', encoding: 'utf8' });
    m.readFile.mockRejectedValueOnce(new Error('File does not exist'));
    await expect(native.readFile({ path: 'gone.txt' })).resolves.toBeNull();
    await expect(native.readFile()).resolves.toBeNull();
  });
});

describe('local notifications', () => {
  it('schedules with the plugin, with the default title and body', async () => {
    m.schedule.mockResolvedValue({ notifications: [{ id: 7 }] });
    const at = new Date(Date.now() + 60_000);
    await expect(native.notify({ id: 7, at })).resolves.toBe(true);
    expect(m.schedule).toHaveBeenCalledWith({
      notifications: [{ id: 7, title: 'Veritext', body: 'New notification', extra: undefined, schedule: { at, allowWhileIdle: true } }],
    });
    await native.notify({ id: 8, title: 'Done', body: 'Your batch finished' });
    expect(m.schedule).toHaveBeenLastCalledWith({
      notifications: [{ id: 8, title: 'Done', body: 'Your batch finished', extra: undefined, schedule: undefined }],
    });
  });
  it('permission and failures', async () => {
    m.localPermissions.mockResolvedValueOnce({ display: 'granted' });
    await expect(native.requestNotificationPermission()).resolves.toBe(true);
    m.localPermissions.mockResolvedValueOnce({ display: 'denied' });
    await expect(native.requestNotificationPermission()).resolves.toBe(false);
    m.schedule.mockRejectedValueOnce(new Error('not allowed'));
    await expect(native.notify({ title: 'x' })).resolves.toBe(false);
  });
});

describe('push', () => {
  it('asks permission, registers and sends the token to the server', async () => {
    m.pushPermissions.mockResolvedValue({ receive: 'granted' });
    m.register.mockImplementation(async () => m.listeners.get('registration')!({ value: 'fcm-token-1' }));
    await expect(native.registerPush()).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/mobile/register-push-token');
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body)) as { token: string; platform: string; timestamp: string };
    expect(body).toEqual({ token: 'fcm-token-1', platform: 'android', timestamp: expect.any(String) });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });
  it('a declined permission does not register', async () => {
    m.pushPermissions.mockResolvedValue({ receive: 'denied' });
    await expect(native.registerPush()).resolves.toBe(false);
    expect(m.register).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
  it('a registration error or a server error is false', async () => {
    m.pushPermissions.mockResolvedValue({ receive: 'granted' });
    m.register.mockImplementationOnce(async () => m.listeners.get('registrationError')!({ error: 'no google-services.json' }));
    await expect(native.registerPush()).resolves.toBe(false);
    m.register.mockImplementationOnce(async () => m.listeners.get('registration')!({ value: 't' }));
    fetchMock.mockResolvedValueOnce(new Response('{"error":{"code":"x","message":"no"}}', { status: 500 }));
    await expect(native.registerPush()).resolves.toBe(false);
    expect(warned()).toContain('push token registration failed');
  });
});

describe('app start', () => {
  it('status bar, splash, back button, pushes re-shown and routed', async () => {
    const back = vi.fn();
    vi.stubGlobal('window', { history: { back } });
    m.pushPermissions.mockResolvedValue({ receive: 'denied' });
    m.localPermissions.mockResolvedValue({ display: 'granted' });
    m.schedule.mockResolvedValue({});
    const navigate = vi.fn();
    const cleanup = await startNativeApp(navigate);

    expect(m.setStyle).toHaveBeenCalledWith({ style: 'DARK' });
    expect(m.setBackgroundColor).toHaveBeenCalledWith({ color: '#1a1a1a' });
    expect(m.hide).toHaveBeenCalled();
    expect(m.pushPermissions).toHaveBeenCalled();
    expect(m.localPermissions).toHaveBeenCalled();

    m.listeners.get('backButton')!({ canGoBack: true });
    expect(back).toHaveBeenCalledTimes(1);
    expect(m.exitApp).not.toHaveBeenCalled();
    m.listeners.get('backButton')!({ canGoBack: false });
    expect(m.exitApp).toHaveBeenCalledTimes(1);

    m.listeners.get('pushNotificationReceived')!({ id: 'p1', data: { route: '/history' } });
    await vi.waitFor(() => expect(m.schedule).toHaveBeenCalled());
    expect(m.schedule.mock.calls[0][0]).toMatchObject({ notifications: [{ title: 'Veritext', body: 'New notification', extra: { route: '/history' } }] });

    m.listeners.get('pushNotificationActionPerformed')!({ actionId: 'tap', notification: { id: 'p1', data: { route: '/reports/abc' } } });
    expect(navigate).toHaveBeenLastCalledWith('/reports/abc');
    m.listeners.get('localNotificationActionPerformed')!({ actionId: 'tap', notification: { id: 1, extra: { route: '/history' } } });
    expect(navigate).toHaveBeenLastCalledWith('/history');
    m.listeners.get('pushNotificationActionPerformed')!({ actionId: 'tap', notification: { id: 'p2', data: { route: 'https://evil.example/' } } });
    expect(navigate).toHaveBeenCalledTimes(2);
    cleanup();
  });
  it('one failing step (the iOS status bar colour) does not stop the others', async () => {
    m.setBackgroundColor.mockRejectedValue(new Error('Not implemented on iOS.'));
    m.pushPermissions.mockRejectedValue(new Error('push unavailable'));
    m.localPermissions.mockResolvedValue({ display: 'granted' });
    await expect(startNativeApp(vi.fn())).resolves.toBeTypeOf('function');
    expect(m.hide).toHaveBeenCalled();
    expect(m.localPermissions).toHaveBeenCalled();
    expect(warned()).toContain('status bar failed');
  });
  it('routes only to paths on this site', () => {
    expect(routeOf({ route: '/tools' })).toBe('/tools');
    expect(routeOf({ route: '//evil.example' })).toBeNull();
    expect(routeOf({ route: 'javascript:alert(1)' })).toBeNull();
    expect(routeOf(undefined)).toBeNull();
  });
});
