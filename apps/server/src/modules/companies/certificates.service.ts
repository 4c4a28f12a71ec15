/** A company's signing certificate (PKCS#12): upload and the key store the signer opens. */
import { CERTIFICATE_MAX_BYTES, COMPANY_MESSAGES } from '@sigece/fiscal';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { certificados } from '../../db/schema.ts';
import { openKeyStoreOffThread } from '../../documents/keystore-thread.ts';
import { KeyStoreError, type KeyStoreInfo } from '../../documents/pkcs12.ts';
import { badRequest } from '../../http/errors.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import type { SecretBox } from '../../secrets.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { type CompanyKeyStore, forgetCompanies } from './cache.ts';
import { assertActive, visibleCompany } from './companies.service.ts';
import { certificateView } from './views.ts';

/**
 * Opens the key store to prove alias and password, then keeps both encrypted. Never returned. The store
 * opens on a worker thread within `openTimeoutMs` (keystore-thread.ts): past it, a 400 and nothing stored.
 */
export async function uploadCertificate(
  db: Db,
  secrets: SecretBox,
  scope: TenantScope,
  id: string,
  input: { file: Buffer | undefined; keyStoreAlias: string; keyStorePassword: string },
  audit: AuditContext,
  openTimeoutMs?: number,
) {
  if (!input.file || input.file.length === 0) {
    throw badRequest(COMPANY_MESSAGES.certificateRequired, [
      { path: 'certificado', message: COMPANY_MESSAGES.certificateRequired },
    ]);
  }
  if (input.file.length > CERTIFICATE_MAX_BYTES) {
    throw badRequest(COMPANY_MESSAGES.fileTooHeavy, [
      { path: 'certificado', message: COMPANY_MESSAGES.fileTooHeavy },
    ]);
  }
  // Whose company it is comes first: a foreign user learns nothing about the key store.
  assertActive(await visibleCompany(db, scope, id));
  let info: KeyStoreInfo;
  try {
    info = await openKeyStoreOffThread(
      input.file,
      input.keyStorePassword,
      input.keyStoreAlias,
      openTimeoutMs,
    );
  } catch (error) {
    if (error instanceof KeyStoreError) throw badRequest(error.message);
    throw error;
  }
  return db.transaction(async (tx) => {
    forgetCompanies();
    const company = await visibleCompany(tx, scope, id);
    assertActive(company);
    const values = {
      alias: info.alias,
      archivoCifrado: secrets.seal(input.file!),
      claveCifrada: secrets.seal(Buffer.from(input.keyStorePassword, 'utf8')),
      subject: info.subject,
      issuer: info.issuer,
      serial: info.serial,
      validFrom: info.validFrom,
      validTo: info.validTo,
    };
    const [before] = await tx.select().from(certificados).where(eq(certificados.localidadId, id)).limit(1);
    const [row] = before
      ? await tx
          .update(certificados)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(certificados.localidadId, id))
          .returning()
      : await tx
          .insert(certificados)
          .values({ localidadId: id, ...values, createdBy: audit.userEmail ?? 'sistema' })
          .returning();
    await recordAudit(tx, audit, {
      entity: 'certificado',
      entityId: id,
      action: before ? 'replace' : 'create',
      before: certificateView(before),
      after: certificateView(row),
    });
    return certificateView(row)!;
  });
}

/** For signing documents (the invoices issue): the decrypted key store of a company, if any. */
export async function companyKeyStore(
  db: DbOrTx,
  secrets: SecretBox,
  localidadId: string,
): Promise<CompanyKeyStore | null> {
  const [row] = await db
    .select()
    .from(certificados)
    .where(eq(certificados.localidadId, localidadId))
    .limit(1);
  if (!row) return null;
  return {
    alias: row.alias,
    file: secrets.open(row.archivoCifrado),
    password: secrets.open(row.claveCifrada).toString('utf8'),
  };
}

export type { CompanyKeyStore };
