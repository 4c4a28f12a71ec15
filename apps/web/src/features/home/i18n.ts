import { defineResources } from '../../app/resources.ts';

const es = {
  title: 'Bienvenido a sigece',
  subtitle: 'Sistema de Gestión de Comprobantes Electrónicos',
  greeting: 'Hola, {{name}}.',
  hint: 'Use el menú de la izquierda para abrir las pantallas que su rol le permite.',
  role: 'Rol: {{role}}',
  masterAdmin: 'Administrador maestro',
};

const en = {
  title: 'Welcome to sigece',
  subtitle: 'Electronic Voucher Management System',
  greeting: 'Hello, {{name}}.',
  hint: 'Use the menu on the left to open the screens your role allows.',
  role: 'Role: {{role}}',
  masterAdmin: 'Master administrator',
};

export const homeResources = defineResources(es, en);
