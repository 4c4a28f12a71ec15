/**
 * The messages namespace is keyed by the Spanish message itself. Spanish needs no entries (the key is
 * the text); English lists the translation of the messages any screen may show (server answers and
 * the generic failures). Features add their own with registerMessages().
 */
const en: Record<string, string> = {
  'Ocurrio un error': 'An error occurred',
  'ocurrio un error de Red': 'A network error occurred',
  'ocurrido un error de red': 'A network error occurred',
  'Recurso no encontrado': 'Resource not found',
  'No tiene permiso para realizar esta acción': 'You are not allowed to perform this action',
  'Registro no encontrado': 'Record not found',
  'No autenticado: inicie sesión nuevamente': 'Not authenticated: please log in again',
  'Token de actualización inválido o expirado': 'Invalid or expired refresh token',
  Guardado: 'Saved',
  Actualizado: 'Updated',
  Inactivado: 'Deactivated',
  Activado: 'Activated',
};

export const messageResources = { es: {} as Record<string, string>, en };
