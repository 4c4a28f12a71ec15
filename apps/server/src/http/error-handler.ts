import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody } from './errors.ts';

// Fastify's own 4xx errors, told in Spanish.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es un JSON válido',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío',
  FST_ERR_CTP_BODY_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida',
  FST_ERR_NOT_FOUND: 'Recurso no encontrado',
};

/** "/modulo/0/path" → "modulo.0.path" */
function pathOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').join('.');
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: pathOf(v.instancePath),
        message: v.message ?? 'Dato no válido',
      }));
      const body: ErrorBody = { code: 400, message: errors[0]?.message ?? 'Datos no válidos', errors };
      return reply.code(400).send(body);
    }
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.statusCode, message: error.message };
      if (Array.isArray(error.details)) body.errors = error.details as ErrorBody['errors'];
      return reply.code(error.statusCode).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'respuesta fuera de su esquema');
      return reply.code(500).send({ code: 500, message: 'Ocurrio un error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? 'Solicitud no válida';
      return reply.code(status).send({ code: status, message });
    }
    request.log.error({ err: error }, 'error no controlado');
    return reply.code(500).send({ code: 500, message: 'Ocurrio un error' });
  });
}
