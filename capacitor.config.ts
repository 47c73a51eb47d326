import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The mobile wrapper (docs/mobile.md). The web app calls its API on relative `/api/...` paths and the server checks the
 * Origin of every write (CSRF), so the native app loads the pages from the Veritext server itself: set
 * VERITEXT_SERVER_URL (e.g. https://veritext.example.org) when running `npx cap sync`. Same origin then, so cookies,
 * streaming answers and uploads work as on the web. Without it the app shows the bundled client (dist/client), which
 * has no server to call: good for checking the build, not for users.
 */
const serverUrl = process.env.VERITEXT_SERVER_URL?.trim() || undefined;

const config: CapacitorConfig = {
  appId: 'app.veritext.mobile',
  appName: 'Veritext',
  webDir: 'dist/client',
  server: serverUrl
    ? {
        url: serverUrl,
        // only a development server on plain http (an emulator reaching http://10.0.2.2:3000) needs cleartext
        cleartext: serverUrl.startsWith('http://'),
      }
    : undefined,
  plugins: {
    // The page hides the splash as soon as it starts (src/client/lib/native/startup.ts); the timeout is for a server
    // that cannot be reached, where no page script ever runs.
    SplashScreen: { launchAutoHide: true, launchShowDuration: 3000, backgroundColor: '#1a1a1a' },
    // No presentationOptions: a push that arrives while the app is open is shown once, by the app as a local
    // notification (SPEC), not a second time by iOS.
  },
};

export default config;
