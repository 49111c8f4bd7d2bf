// Brotli and gzip copies of the built client's text files, beside them (name.br, name.gz), so that the server sends
// them compressed as they are (serveStatic's `precompressed`) instead of compressing them on every request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|map)$/;

for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = readFileSync(file);
  if (bytes.byteLength < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}
