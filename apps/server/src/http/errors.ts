/** An error whose message is meant for the user: always Spanish, always 4xx unless stated. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, message, details);
export const unauthorized = (message = 'No autenticado: inicie sesión nuevamente') =>
  new AppError(401, message);
export const forbidden = (message = 'No tiene permiso para realizar esta acción') =>
  new AppError(403, message);
export const notFound = (message = 'Registro no encontrado') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);

export interface ErrorBody {
  code: number;
  message: string;
  errors?: Array<{ path: string; message: string }>;
}
