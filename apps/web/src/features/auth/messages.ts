import { SECURITY_MESSAGES as M, SECURITY_EXTRA_MESSAGES as X } from '@sigece/fiscal';

/** English for the messages of the login, forgot-password and reset-password forms and answers. */
export const authMessages: Record<string, string> = {
  [M.emailRequired]: 'E-mail is required',
  [M.emailInvalid]: 'E-mail is not valid',
  [M.passwordRequired]: 'Password is required',
  [M.passwordsDiffer]: 'Passwords do not match',
  [M.changePasswordRequired]: 'Password is required',
  [X.passwordMin]: 'The password must have at least 8 characters',
  'El enlace de recuperación no es válido': 'The recovery link is not valid',
  'El enlace de recuperación no es válido o ya expiró': 'The recovery link is not valid or has expired',
  'Usuario, correo o contraseña incorrectos': 'Wrong username, e-mail or password',
  'Demasiados intentos fallidos de inicio de sesión. Intente de nuevo en 15 minutos.':
    'Too many failed login attempts. Try again in 15 minutes.',
  'Si el correo está registrado, recibirá un enlace para restablecer su contraseña':
    'If the e-mail is registered, you will receive a link to reset your password',
  'Password Actualizado con exito !!!': 'Password updated successfully!',
};
