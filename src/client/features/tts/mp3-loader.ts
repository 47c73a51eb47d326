// Loaded on demand (recording.ts): a static import lets the bundler drop the package's inlined data: URL binaries.
import { createEncoder } from 'wasm-media-encoders';
import wasmUrl from 'wasm-media-encoders/wasm/mp3?url';
import type { Mp3Encoder } from '@/engines/tts/mp3-core';

export { encodeMp3With } from '@/engines/tts/mp3-core';

/** The LAME encoder from the package's .wasm file, served by this server (the page's CSP refuses data: URLs). */
export function loadMp3Encoder(): Promise<Mp3Encoder> {
  return createEncoder('audio/mpeg', wasmUrl);
}
