/**
 * Banks of the Venezuelan national banking system with their four-digit institution codes: the first four
 * digits of the 20-digit Código Cuenta Cliente (CCC), the same codes used by Pago Móvil and interbank transfers.
 *
 * Sources:
 * - Institution list and types: Superintendencia de las Instituciones del Sector Bancario (SUDEBAN), register of
 *   institutions authorised under the Decreto con Rango, Valor y Fuerza de Ley de Instituciones del Sector
 *   Bancario (Gaceta Oficial N° 6.154 Extraordinario, 19-11-2014): universal banks, microfinance banks and
 *   public-law credit institutions.
 * - Codes: Banco Central de Venezuela (BCV) clearing-house (Cámara de Compensación Electrónica) participant codes.
 * - Compiled as of 2024-2025 and cross-checked against the code tables published by the banks' own Pago Móvil
 *   and transfer channels. Names follow each institution's registered name.
 *
 * Deliberately left out (no longer operating as separate institutions or not part of the retail system):
 *   0001 Banco Central de Venezuela (central bank, not a SUDEBAN-supervised bank), 0003 Banco Industrial de
 *   Venezuela (liquidated), 0116 Banco Occidental de Descuento (absorbed by BNC 0191), 0121 Corp Banca
 *   (absorbed by BOD), 0149 Banco del Pueblo Soberano (merged into Bicentenario, 2016); and two foreign-bank
 *   branches whose current status could not be confirmed: 0176 Banco Espirito Santo / Novo Banco sucursal
 *   Venezuela and 0190 Citibank N.A. sucursal Venezuela. Add them from the admin screen if a client needs them.
 */

export type TipoBanco = 'UNIVERSAL' | 'MICROFINANCIERO' | 'ENTE_PUBLICO';

export type Banco = { codigo: string; nombre: string; tipo: TipoBanco; sitioWeb?: string };

export const BANCOS: Banco[] = [
  {
    codigo: '0102',
    nombre: 'Banco de Venezuela, S.A. Banco Universal',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.bancodevenezuela.com',
  },
  {
    codigo: '0104',
    nombre: 'Venezolano de Crédito, S.A. Banco Universal',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.venezolano.com',
  },
  {
    codigo: '0105',
    nombre: 'Banco Mercantil, C.A. Banco Universal',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.mercantilbanco.com',
  },
  {
    codigo: '0108',
    nombre: 'Banco Provincial, S.A. Banco Universal (BBVA Provincial)',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.provincial.com',
  },
  {
    codigo: '0114',
    nombre: 'Bancaribe, C.A. Banco Universal',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.bancaribe.com.ve',
  },
  {
    codigo: '0115',
    nombre: 'Banco Exterior, C.A. Banco Universal',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.bancoexterior.com',
  },
  {
    codigo: '0128',
    nombre: 'Banco Caroní, C.A. Banco Universal',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.bancocaroni.com.ve',
  },
  {
    codigo: '0134',
    nombre: 'Banesco Banco Universal, S.A.C.A.',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.banesco.com',
  },
  {
    codigo: '0137',
    nombre: 'Banco Sofitasa, Banco Universal, C.A.',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.sofitasa.com',
  },
  {
    codigo: '0138',
    nombre: 'Banco Plaza, Banco Universal, C.A.',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.bancoplaza.com',
  },
  {
    codigo: '0146',
    nombre: 'Banco de la Gente Emprendedora (Bangente), C.A. Banco Microfinanciero',
    tipo: 'MICROFINANCIERO',
    sitioWeb: 'https://www.bangente.com.ve',
  },
  {
    codigo: '0151',
    nombre: 'BFC Banco Fondo Común, C.A. Banco Universal',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.bfc.com.ve',
  },
  {
    codigo: '0156',
    nombre: '100% Banco, Banco Universal, C.A.',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.100x100banco.com',
  },
  {
    codigo: '0157',
    nombre: 'DelSur Banco Universal, C.A.',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.delsur.com.ve',
  },
  { codigo: '0163', nombre: 'Banco del Tesoro, C.A. Banco Universal', tipo: 'UNIVERSAL' },
  { codigo: '0166', nombre: 'Banco Agrícola de Venezuela, C.A. Banco Universal', tipo: 'UNIVERSAL' },
  {
    codigo: '0168',
    nombre: 'Bancrecer, S.A. Banco Microfinanciero',
    tipo: 'MICROFINANCIERO',
    sitioWeb: 'https://www.bancrecer.com.ve',
  },
  // Formerly "Mi Banco, Banco Microfinanciero, C.A.".
  { codigo: '0169', nombre: 'R4, Banco Microfinanciero, C.A. (antes Mi Banco)', tipo: 'MICROFINANCIERO' },
  {
    codigo: '0171',
    nombre: 'Banco Activo, C.A. Banco Universal',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.bancoactivo.com',
  },
  {
    codigo: '0172',
    nombre: 'Bancamiga Banco Universal, C.A.',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.bancamiga.com',
  },
  { codigo: '0173', nombre: 'Banco Internacional de Desarrollo, C.A. Banco Universal', tipo: 'UNIVERSAL' },
  {
    codigo: '0174',
    nombre: 'Banplus Banco Universal, C.A.',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.banplus.com',
  },
  // Formerly "Banco Bicentenario del Pueblo, de la Clase Obrera, Mujer y Comunas, Banco Universal, C.A.".
  {
    codigo: '0175',
    nombre: 'Banco Digital de los Trabajadores, Banco Universal, C.A. (antes Banco Bicentenario)',
    tipo: 'UNIVERSAL',
  },
  {
    codigo: '0177',
    nombre: 'Banco de la Fuerza Armada Nacional Bolivariana, Banco Universal, C.A. (BANFANB)',
    tipo: 'UNIVERSAL',
  },
  { codigo: '0178', nombre: 'N58 Banco Digital, Banco Microfinanciero, S.A.', tipo: 'MICROFINANCIERO' },
  {
    codigo: '0191',
    nombre: 'Banco Nacional de Crédito, C.A. Banco Universal (BNC)',
    tipo: 'UNIVERSAL',
    sitioWeb: 'https://www.bncenlinea.com',
  },
  { codigo: '0601', nombre: 'Instituto Municipal de Crédito Popular (IMCP)', tipo: 'ENTE_PUBLICO' },
];
