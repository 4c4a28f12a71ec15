import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { familyNamed, familyNames } from '../issuance/registry.ts';

/** Largest file the verification page accepts (spec 002 §9). */
export const VERIFY_MAX_BYTES = 10_000_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const verificationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  app.post(
    '/facturas/isValidChecksum',
    {
      schema: {
        tags: ['verificación pública'],
        summary:
          'Verifica un PDF contra la suma SHA-256 guardada (multipart: file, tipoDocumento fact|nota|orden|ret, id, checkSum): code 200 si coincide, 400 si no',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Envíe el documento como multipart/form-data');
      const fields: Record<string, string> = {};
      let file: Buffer | undefined;
      let mimetype = '';
      let files = 0;
      try {
        for await (const part of request.parts({ limits: { fileSize: VERIFY_MAX_BYTES, files: 1 } })) {
          if (part.type === 'file') {
            files++;
            mimetype = part.mimetype;
            file = await part.toBuffer();
          } else fields[part.fieldname] = String(part.value ?? '');
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw badRequest('El archivo supera los 10000000 bytes permitidos');
        if (code === 'FST_FILES_LIMIT') throw badRequest('Envíe un solo archivo');
        throw error;
      }
      if (!file || files === 0) throw badRequest('Seleccione el documento PDF a validar');
      const isPdf = file.subarray(0, 5).toString('latin1') === '%PDF-';
      if (!isPdf || (mimetype && !/pdf|octet-stream/.test(mimetype)))
        throw badRequest('Solo se admiten archivos PDF');
      const tipo = (fields.tipoDocumento ?? '').trim().toLowerCase();
      // Each registered family tells where its stored SHA-256 lives (a Map: `__proto__` finds nothing).
      const family = familyNamed(tipo);
      if (!family) throw badRequest(`tipoDocumento no admitido: use ${familyNames().join(', ')}`);
      if (!UUID.test(fields.id ?? '')) throw badRequest('Identificador de documento no válido');
      const stored = await family.pdf.checksum(db, fields.id);
      if (!stored) return reply.code(404).send({ code: 404, message: 'Documento no encontrado' });
      const digest = createHash('sha256').update(file).digest();
      const storedBase64 = Buffer.from(stored, 'hex').toString('base64');
      const claimed = (fields.checkSum ?? '').trim();
      const matches =
        digest.toString('hex') === stored &&
        (claimed === '' || claimed === storedBase64 || claimed === stored);
      return matches
        ? { code: 200, message: 'Correcto: Documento verificado', checkedSumBase64: storedBase64 }
        : { code: 400, message: 'Advertencia: Documento no verificado', checkedSumBase64: storedBase64 };
    },
  );
};
