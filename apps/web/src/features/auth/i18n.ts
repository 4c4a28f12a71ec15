import { defineResources } from '../../app/resources.ts';

const es = {
  login: {
    title: 'Iniciar sesión',
    subtitle: 'Ingrese con su usuario',
    username: 'Usuario',
    email: 'Correo electrónico',
    password: 'Contraseña',
    remember: 'Recordarme',
    forgot: '¿Olvidó su contraseña?',
    submit: 'Ingresar',
  },
  forgot: {
    title: 'Recuperar contraseña',
    text: 'Ingrese el correo electrónico de su usuario y le enviaremos un enlace para restablecer su contraseña.',
    email: 'Correo electrónico',
    submit: 'Enviar enlace',
    back: 'Volver al inicio de sesión',
  },
  reset: {
    title: 'Restablecer contraseña',
    text: 'Escriba su nueva contraseña dos veces.',
    password: 'Nueva contraseña',
    repassword: 'Repetir contraseña',
    submit: 'Guardar contraseña',
    missingToken: 'El enlace de recuperación no es válido. Solicite uno nuevo.',
    requestNew: 'Solicitar un enlace nuevo',
    back: 'Volver al inicio de sesión',
  },
};

const en = {
  login: {
    title: 'Log in',
    subtitle: 'Sign in with your user',
    username: 'Username',
    email: 'E-mail',
    password: 'Password',
    remember: 'Remember me',
    forgot: 'Forgot your password?',
    submit: 'Log in',
  },
  forgot: {
    title: 'Recover password',
    text: "Enter your user's e-mail and we will send you a link to reset your password.",
    email: 'E-mail',
    submit: 'Send link',
    back: 'Back to log in',
  },
  reset: {
    title: 'Reset password',
    text: 'Type your new password twice.',
    password: 'New password',
    repassword: 'Repeat password',
    submit: 'Save password',
    missingToken: 'The recovery link is not valid. Request a new one.',
    requestNew: 'Request a new link',
    back: 'Back to log in',
  },
};

export const authResources = defineResources(es, en);
