import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Verifies a signed PDF as a reader does, with Debian's `openssl cms`: the detached PKCS#7 in /Contents over the bytes
 * /ByteRange names (the whole file but the signature). The certificate's chain is not checked (the firm's is its own):
 * the signature and the integrity of the signed bytes are.
 */
export function verifyPdfSignature(pdf: Buffer): { ok: boolean; signer: string; detail: string } {
  const text = pdf.toString("latin1");
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  if (ranges.length !== 1) return { ok: false, signer: "", detail: `${ranges.length} signatures` };
  const [a, b, c, d] = ranges[0]!.slice(1).map(Number) as [number, number, number, number];
  const hex = text.slice(a + b + 1, c - 1).replace(/(00)+$/, "");
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-signature-"));
  try {
    writeFileSync(path.join(dir, "sig.der"), Buffer.from(hex, "hex"));
    writeFileSync(path.join(dir, "data.bin"), Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]));
    const r = spawnSync(
      "openssl",
      ["cms", "-verify", "-binary", "-inform", "DER", "-in", "sig.der", "-content", "data.bin", "-noverify", "-out", "/dev/null"],
      { cwd: dir, encoding: "utf8" },
    );
    const who = spawnSync("openssl", ["pkcs7", "-inform", "DER", "-in", "sig.der", "-print_certs", "-noout"], { cwd: dir, encoding: "utf8" });
    return { ok: r.status === 0 && c + d === pdf.length && a === 0, signer: who.stdout.trim(), detail: `${r.stdout}${r.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
