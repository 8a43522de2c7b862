// better-sqlite3's install downloads a prebuilt binary from GitHub, or compiles SQLite when it
// cannot reach it: about 70 CPU seconds, most of a fresh clone's `npm ci` on a machine without
// that access. After an install that compiled, the binary is kept where prebuild-install looks
// for a download it made before (its cache in the npm cache, under the name of the release it
// would have fetched), so the next install on this machine unpacks it instead of compiling again.
// prebuild-install itself names the file (node ABI, platform, arch, libc): a binary is never
// offered to another Node or another machine.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';

const MODULE = 'node_modules/better-sqlite3';
/** The compiled binary, as the release tarballs hold it (unpacked into the module's folder). */
const ENTRY = 'build/Release/better_sqlite3.node';

/** Keeps the compiled binary of better-sqlite3 as prebuild-install's cached download (no-op
 * when it is kept already, or when the binary came from that cache or was not built). */
export async function keepNativeBuild(root = process.cwd()) {
  const dir = path.join(root, MODULE);
  if (!fs.existsSync(path.join(dir, ENTRY))) return null;
  const req = createRequire(path.join(dir, 'package.json'));
  let rc, util, tar;
  try {
    rc = req('prebuild-install/rc');
    util = req('prebuild-install/util');
    tar = req('tar-fs');
  } catch {
    return null; // a better-sqlite3 without prebuild-install: nothing to keep
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const opts = { ...rc(pkg), pkg };
  const cached = util.cachedPrebuild(util.getDownloadUrl(opts));
  if (fs.existsSync(cached)) return null;
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  const tmp = `${cached}.${process.pid}.tmp`;
  await pipeline(tar.pack(dir, { entries: [ENTRY] }), zlib.createGzip(), fs.createWriteStream(tmp));
  fs.renameSync(tmp, cached);
  return cached;
}
