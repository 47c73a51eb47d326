/**
 * The few WASI (preview1) calls a command-line program such as Flite makes, over an in-memory file system: its
 * arguments, a clock, stdout/stderr, and files it writes under one pre-opened folder, handed back as bytes.
 *
 * Why not node:wasi: on Node 20 a process that runs many short node:wasi instances aborts (SIGABRT, no message) after
 * a few dozen of them, at a point that depends on the garbage collector (seen in bench/tts.ts). This shim has no
 * native state, writes nothing to disk, and prints no experimental warning.
 */

const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, NOENT: 44, NOSYS: 52 } as const;
const FILETYPE = { CHARACTER_DEVICE: 2, DIRECTORY: 3, REGULAR_FILE: 4 } as const;
const ALL_RIGHTS = 0xffff_ffff_ffff_ffffn;

class ProcExit {
  constructor(readonly code: number) {}
}

interface OpenFile {
  name: string;
  data: Uint8Array;
  size: number;
  pos: number;
}

export interface WasiRun {
  exitCode: number;
  /** Files the program created, by path under the pre-opened folder (e.g. 'out.wav'). */
  files: Map<string, Uint8Array>;
  stdout: string;
  stderr: string;
}

/** Run a WASI command module to completion. `dir` is the name the program sees for its one pre-opened folder. */
export function runWasi(module: WebAssembly.Module, args: string[], dir = '/out'): WasiRun {
  const enc = new TextEncoder();
  const argBytes = args.map((a) => enc.encode(`${a}\0`));
  const dirName = enc.encode(dir);
  const PREOPEN_FD = 3;
  const open = new Map<number, OpenFile>();
  const files = new Map<string, Uint8Array>();
  let nextFd = 4;
  let stdout = '';
  let stderr = '';
  let memory: WebAssembly.Memory | null = null;
  const view = () => new DataView(memory!.buffer);
  const bytes = () => new Uint8Array(memory!.buffer);
  const dec = new TextDecoder();

  const grow = (f: OpenFile, need: number) => {
    if (need <= f.data.length) return;
    const next = new Uint8Array(Math.max(need, f.data.length * 2, 64 * 1024));
    next.set(f.data.subarray(0, f.size));
    f.data = next;
  };

  const wasi = {
    args_sizes_get(argcPtr: number, bufSizePtr: number) {
      view().setUint32(argcPtr, argBytes.length, true);
      view().setUint32(
        bufSizePtr,
        argBytes.reduce((n, b) => n + b.length, 0),
        true,
      );
      return ERRNO.SUCCESS;
    },
    args_get(argvPtr: number, bufPtr: number) {
      let at = bufPtr;
      argBytes.forEach((b, i) => {
        view().setUint32(argvPtr + i * 4, at, true);
        bytes().set(b, at);
        at += b.length;
      });
      return ERRNO.SUCCESS;
    },
    clock_time_get(_id: number, _precision: bigint, timePtr: number) {
      view().setBigUint64(timePtr, BigInt(Math.round(performance.timeOrigin + performance.now())) * 1_000_000n, true);
      return ERRNO.SUCCESS;
    },
    fd_prestat_get(fd: number, bufPtr: number) {
      if (fd !== PREOPEN_FD) return ERRNO.BADF;
      view().setUint8(bufPtr, 0); // a directory
      view().setUint32(bufPtr + 4, dirName.length, true);
      return ERRNO.SUCCESS;
    },
    fd_prestat_dir_name(fd: number, pathPtr: number, len: number) {
      if (fd !== PREOPEN_FD) return ERRNO.BADF;
      bytes().set(dirName.subarray(0, len), pathPtr);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_get(fd: number, bufPtr: number) {
      const type = fd <= 2 ? FILETYPE.CHARACTER_DEVICE : fd === PREOPEN_FD ? FILETYPE.DIRECTORY : open.has(fd) ? FILETYPE.REGULAR_FILE : 0;
      if (!type) return ERRNO.BADF;
      const v = view();
      v.setUint8(bufPtr, type);
      v.setUint16(bufPtr + 2, 0, true);
      v.setBigUint64(bufPtr + 8, ALL_RIGHTS, true);
      v.setBigUint64(bufPtr + 16, ALL_RIGHTS, true);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_set_flags() {
      return ERRNO.SUCCESS;
    },
    path_open(dirFd: number, _dirflags: number, pathPtr: number, pathLen: number, oflags: number, _rb: bigint, _ri: bigint, _fdflags: number, fdPtr: number) {
      if (dirFd !== PREOPEN_FD) return ERRNO.BADF;
      const name = dec.decode(bytes().slice(pathPtr, pathPtr + pathLen));
      const CREAT = 1;
      const TRUNC = 8;
      const existing = files.get(name);
      if (!existing && !(oflags & CREAT)) return ERRNO.NOENT;
      const data = existing && !(oflags & TRUNC) ? existing.slice() : new Uint8Array(0);
      const fd = nextFd++;
      open.set(fd, { name, data, size: data.length, pos: 0 });
      view().setUint32(fdPtr, fd, true);
      return ERRNO.SUCCESS;
    },
    fd_write(fd: number, iovs: number, iovsLen: number, nwrittenPtr: number) {
      const v = view();
      let total = 0;
      const f = open.get(fd);
      if (fd !== 1 && fd !== 2 && !f) return ERRNO.BADF;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = v.getUint32(iovs + i * 8, true);
        const len = v.getUint32(iovs + i * 8 + 4, true);
        const chunk = bytes().subarray(ptr, ptr + len);
        if (f) {
          grow(f, f.pos + len);
          f.data.set(chunk, f.pos);
          f.pos += len;
          f.size = Math.max(f.size, f.pos);
        } else if (fd === 1) stdout += dec.decode(chunk);
        else stderr += dec.decode(chunk);
        total += len;
      }
      view().setUint32(nwrittenPtr, total, true);
      return ERRNO.SUCCESS;
    },
    fd_read(fd: number, iovs: number, iovsLen: number, nreadPtr: number) {
      const v = view();
      const f = open.get(fd);
      if (fd !== 0 && !f) return ERRNO.BADF;
      let total = 0;
      for (let i = 0; f && i < iovsLen; i++) {
        const ptr = v.getUint32(iovs + i * 8, true);
        const len = Math.min(v.getUint32(iovs + i * 8 + 4, true), f.size - f.pos);
        if (len <= 0) break;
        bytes().set(f.data.subarray(f.pos, f.pos + len), ptr);
        f.pos += len;
        total += len;
      }
      view().setUint32(nreadPtr, total, true);
      return ERRNO.SUCCESS;
    },
    fd_seek(fd: number, offset: bigint, whence: number, newOffsetPtr: number) {
      const f = open.get(fd);
      if (!f) return fd <= 2 ? ERRNO.INVAL : ERRNO.BADF;
      const base = whence === 0 ? 0 : whence === 1 ? f.pos : whence === 2 ? f.size : NaN;
      const pos = base + Number(offset);
      if (!Number.isFinite(pos) || pos < 0) return ERRNO.INVAL;
      f.pos = pos;
      view().setBigUint64(newOffsetPtr, BigInt(pos), true);
      return ERRNO.SUCCESS;
    },
    fd_close(fd: number) {
      const f = open.get(fd);
      if (f) {
        files.set(f.name, f.data.slice(0, f.size));
        open.delete(fd);
      }
      return ERRNO.SUCCESS;
    },
    proc_exit(code: number) {
      throw new ProcExit(code);
    },
  };

  const imports = WebAssembly.Module.imports(module);
  const shim: Record<string, (...a: never[]) => number> = {};
  for (const imp of imports) {
    if (imp.module !== 'wasi_snapshot_preview1' || imp.kind !== 'function') continue;
    shim[imp.name] = (wasi as unknown as Record<string, (...a: never[]) => number>)[imp.name] ?? (() => ERRNO.NOSYS);
  }
  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: shim });
  memory = instance.exports.memory as WebAssembly.Memory;
  let exitCode = 0;
  try {
    (instance.exports._start as () => void)();
  } catch (err) {
    if (!(err instanceof ProcExit)) throw err;
    exitCode = err.code;
  }
  // a file left open at exit is still the program's output
  for (const f of open.values()) files.set(f.name, f.data.slice(0, f.size));
  return { exitCode, files, stdout, stderr };
}
