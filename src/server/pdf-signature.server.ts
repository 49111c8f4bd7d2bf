import { createHash, createHmac, generateKeyPairSync, randomBytes } from "node:crypto";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import forge from "node-forge";
import { PDFDocument } from "pdf-lib";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./db/client.ts";

/*
 * Signing a PDF with the firm's certificate (decision 118): a PAdES-style detached PKCS#7 signature (adbe.pkcs7.detached)
 * over the whole file but the signature itself, so that any change to the signed bytes is detectable by a PDF reader
 * (and by `openssl cms -verify`). The certificate is the firm's own, self-signed, made on first use (under a lock, so
 * two processes make one) and kept in the database as a PKCS#12 whose password is derived from APP_SECRET: a reader
 * shows the signature as valid and unchanged but its signer as not trusted unless the firm's certificate is trusted
 * (a certificate from a public authority would need the firm's identity checked; then it replaces the row). The
 * placeholder is added with pdf-lib (an incremental save of the PDF pdfkit drew), the signature made by @signpdf.
 */

export interface SigningCertificate {
  p12: Buffer;
  passphrase: string;
  /** SHA-256 of the certificate (DER), as a reader's certificate viewer shows it. */
  sha256: string;
  subject: string;
}

const passphraseOf = (appSecret: string) => createHmac("sha256", appSecret).update("firm-pdf-signing").digest("base64url");

function makeCertificate(name: string, passphrase: string): { p12: Buffer; sha256: string; notAfter: Date } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const attrs = [
    { name: "commonName", value: name },
    { name: "organizationName", value: name },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary");
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: "3des" });
  return {
    p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary"),
    sha256: createHash("sha256").update(der).digest("hex"),
    notAfter: cert.validity.notAfter,
  };
}

/** The firm's signing certificate, made on first use. */
export async function firmSigningCertificate(db: Db, appSecret: string, name: string): Promise<SigningCertificate> {
  const passphrase = passphraseOf(appSecret);
  const read = () =>
    queryRows<{ p12: Uint8Array; certificate_sha256: string; subject: string }>(
      db,
      sql`select p12, certificate_sha256, subject from firm_signing_certificates`,
    );
  let [row] = await read();
  if (!row) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('firm_signing_certificates'))`);
      const [again] = await queryRows(tx, sql`select 1 from firm_signing_certificates`);
      if (again) return;
      const made = makeCertificate(name, passphrase);
      await tx.execute(
        sql`insert into firm_signing_certificates (p12, certificate_sha256, subject, not_after)
            values (${made.p12}, ${made.sha256}, ${`CN=${name}, O=${name}`}, ${made.notAfter.toISOString()}::timestamptz)`,
      );
    });
    [row] = await read();
  }
  return { p12: Buffer.from(row!.p12), passphrase, sha256: row!.certificate_sha256, subject: row!.subject };
}

/** The PDF signed with the certificate: the same pages, with a signature over every byte but its own. */
export async function signPdf(
  pdf: Uint8Array,
  certificate: SigningCertificate,
  o: { reason: string; name: string; location: string; contactInfo: string; signingTime: Date },
): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({ pdfDoc: doc, reason: o.reason, name: o.name, location: o.location, contactInfo: o.contactInfo, signingTime: o.signingTime });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new P12Signer(certificate.p12, { passphrase: certificate.passphrase }), o.signingTime);
}
