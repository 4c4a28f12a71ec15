/**
 * Incoterms® 2020, International Chamber of Commerce (ICC publication N° 723E), in force since 2020-01-01:
 * the 11 rules, grouped by their first letter (E, F, C, D) as the spec's Incoterm `tipo` does. Spanish names
 * follow the usual Spanish-language rendering of the ICC rules.
 *
 * `transporte`: ICC splits the rules into those for any mode of transport (EXW, FCA, CPT, CIP, DAP, DPU, DDP)
 * and those for sea and inland waterway transport only (FAS, FOB, CFR, CIF).
 */

export type GrupoIncoterm = 'GRUPO_C' | 'GRUPO_D' | 'GRUPO_E' | 'GRUPO_F';

export type Incoterm = {
  nombre: string;
  descripcion: string;
  tipo: GrupoIncoterm;
  transporte: 'CUALQUIERA' | 'MARITIMO';
};

export const INCOTERMS: Incoterm[] = [
  { nombre: 'EXW', descripcion: 'Ex Works — En fábrica', tipo: 'GRUPO_E', transporte: 'CUALQUIERA' },
  {
    nombre: 'FCA',
    descripcion: 'Free Carrier — Franco transportista',
    tipo: 'GRUPO_F',
    transporte: 'CUALQUIERA',
  },
  {
    nombre: 'FAS',
    descripcion: 'Free Alongside Ship — Franco al costado del buque',
    tipo: 'GRUPO_F',
    transporte: 'MARITIMO',
  },
  { nombre: 'FOB', descripcion: 'Free On Board — Franco a bordo', tipo: 'GRUPO_F', transporte: 'MARITIMO' },
  { nombre: 'CFR', descripcion: 'Cost and Freight — Costo y flete', tipo: 'GRUPO_C', transporte: 'MARITIMO' },
  {
    nombre: 'CIF',
    descripcion: 'Cost, Insurance and Freight — Costo, seguro y flete',
    tipo: 'GRUPO_C',
    transporte: 'MARITIMO',
  },
  {
    nombre: 'CPT',
    descripcion: 'Carriage Paid To — Transporte pagado hasta',
    tipo: 'GRUPO_C',
    transporte: 'CUALQUIERA',
  },
  {
    nombre: 'CIP',
    descripcion: 'Carriage and Insurance Paid To — Transporte y seguro pagados hasta',
    tipo: 'GRUPO_C',
    transporte: 'CUALQUIERA',
  },
  {
    nombre: 'DAP',
    descripcion: 'Delivered At Place — Entregada en lugar',
    tipo: 'GRUPO_D',
    transporte: 'CUALQUIERA',
  },
  {
    nombre: 'DPU',
    descripcion: 'Delivered at Place Unloaded — Entregada en lugar descargada',
    tipo: 'GRUPO_D',
    transporte: 'CUALQUIERA',
  },
  {
    nombre: 'DDP',
    descripcion: 'Delivered Duty Paid — Entregada con derechos pagados',
    tipo: 'GRUPO_D',
    transporte: 'CUALQUIERA',
  },
];
