import { createHash } from 'node:crypto';
import { isUuid, SANDBOX_MARK, TIPOS_DOC } from '@sigece/fiscal';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { readMultipart } from '../../http/multipart.ts';
import { annulmentOf } from '../issuance/annulment/annulment-record.ts';
import { familyNamed, familyNames } from '../issuance/registry.ts';

/** Largest file the verification page accepts (spec 002 §9). */
export const VERIFY_MAX_BYTES = 10_000_000;

export const verificationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  app.post(
    '/facturas/isValidChecksum',
    {
      schema: {
        tags: ['verificación pública'],
        summary: `Verifica un PDF contra la suma SHA-256 guardada (multipart: file, tipoDocumento ${TIPOS_DOC.join('|')}, id, checkSum): code 200 si coincide, 400 si no`,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Envíe el documento como multipart/form-data');
      const { fields, files } = await readMultipart(request, {
        fileSize: VERIFY_MAX_BYTES,
        fileTooLarge: `El archivo supera los ${VERIFY_MAX_BYTES} bytes permitidos`,
        files: 1,
      });
      const file = files[0]?.data;
      const mimetype = files[0]?.mimetype ?? '';
      if (!file) throw badRequest('Seleccione el documento PDF a validar');
      const isPdf = file.subarray(0, 5).toString('latin1') === '%PDF-';
      if (!isPdf || (mimetype && !/pdf|octet-stream/.test(mimetype)))
        throw badRequest('Solo se admiten archivos PDF');
      const tipo = (fields.get('tipoDocumento') ?? '').trim().toLowerCase();
      // Each registered family tells where its stored SHA-256 lives (a Map: `__proto__` finds nothing).
      const family = familyNamed(tipo);
      if (!family) throw badRequest(`tipoDocumento no admitido: use ${familyNames().join(', ')}`);
      const id = fields.get('id') ?? '';
      if (!isUuid(id)) throw badRequest('Identificador de documento no válido');
      const stored = await family.pdf.checksum(db, id);
      if (!stored) return reply.code(404).send({ code: 404, message: 'Documento no encontrado' });
      const digest = createHash('sha256').update(file).digest();
      // Once annulled, the PDF marked 'ANULADA' verifies as this document too.
      const annulled = (await annulmentOf(db, family.tipoDoc, id))?.pdfSha256 ?? null;
      const accepted = [stored, ...(annulled ? [annulled] : [])];
      const hex = digest.toString('hex');
      const which = accepted.includes(hex) ? hex : stored;
      const storedBase64 = Buffer.from(which, 'hex').toString('base64');
      const claimed = (fields.get('checkSum') ?? '').trim();
      const claimedOk = accepted.some(
        (sha) => claimed === sha || claimed === Buffer.from(sha, 'hex').toString('base64'),
      );
      const matches = accepted.includes(hex) && (claimed === '' || claimedOk);
      // A test key's document verifies as what it is.
      const test = (await family.sandbox?.isSandbox(db, id)) === true;
      const mark = test ? { prueba: true, aviso: SANDBOX_MARK } : {};
      return matches
        ? {
            code: 200,
            message: test
              ? `Correcto: Documento verificado (${SANDBOX_MARK})`
              : 'Correcto: Documento verificado',
            checkedSumBase64: storedBase64,
            ...mark,
          }
        : {
            code: 400,
            message: 'Advertencia: Documento no verificado',
            checkedSumBase64: storedBase64,
            ...mark,
          };
    },
  );
};
