/**
 * Consistency checks for the reference data. Sources: the module headers; expected counts come from the
 * Constitution (24 federal entities with municipalities), the INE División Político-Territorial (335
 * municipalities) and ICC Incoterms 2020 (11 rules).
 */
import { BANCOS } from './banks.ts';
import { DIVISAS } from './currencies.ts';
import { ESTADOS, PAIS } from './geography.ts';
import { INCOTERMS } from './incoterms.ts';
import { CONCEPTOS_ISLR } from './islr.ts';
import { TIPOS_IVA } from './iva.ts';
import { CATEGORIAS_NOTA } from './notes.ts';

/** Expected municipalities per federal entity. */
const MUNICIPIOS_POR_ESTADO: Record<string, number> = {
  Amazonas: 7,
  Anzoátegui: 21,
  Apure: 7,
  Aragua: 18,
  Barinas: 12,
  Bolívar: 11,
  Carabobo: 14,
  Cojedes: 9,
  'Delta Amacuro': 4,
  'Distrito Capital': 1,
  Falcón: 25,
  Guárico: 15,
  'La Guaira': 1,
  Lara: 9,
  Mérida: 23,
  Miranda: 21,
  Monagas: 13,
  'Nueva Esparta': 11,
  Portuguesa: 14,
  Sucre: 15,
  Táchira: 29,
  Trujillo: 20,
  Yaracuy: 14,
  Zulia: 21,
};

const DECIMAL = /^\d+\.\d{2}$/;

function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>();
  const dups = new Set<T>();
  for (const v of values) {
    if (seen.has(v)) dups.add(v);
    seen.add(v);
  }
  return [...dups];
}

/** Returns the list of problems found in the reference data; empty when everything is consistent. */
export function checkReferenceData(): string[] {
  const problems: string[] = [];

  // Geography
  if (PAIS.iso !== 'VE') problems.push(`country ISO code is ${PAIS.iso}, expected VE`);
  if (ESTADOS.length !== 24) problems.push(`expected 24 federal entities, found ${ESTADOS.length}`);
  for (const e of ESTADOS) {
    if (!/^VE-[A-Z]$/.test(e.iso)) problems.push(`state ${e.nombre}: ISO code ${e.iso} does not match VE-X`);
    if (e.iso === 'VE-W') problems.push('Dependencias Federales (VE-W) must not be listed');
    const expected = MUNICIPIOS_POR_ESTADO[e.nombre];
    if (expected === undefined) problems.push(`unexpected federal entity ${e.nombre}`);
    else if (e.municipios.length !== expected)
      problems.push(`state ${e.nombre}: expected ${expected} municipalities, found ${e.municipios.length}`);
    for (const name of duplicates(e.municipios.map((m) => m.nombre)))
      problems.push(`state ${e.nombre}: duplicate municipality ${name}`);
    for (const m of e.municipios) {
      if (m.nombre.trim().length < 2) problems.push(`state ${e.nombre}: municipality name too short`);
      if (m.capital !== undefined && m.capital.trim().length < 2)
        problems.push(`state ${e.nombre}: empty capital for ${m.nombre}`);
    }
  }
  for (const iso of duplicates(ESTADOS.map((e) => e.iso))) problems.push(`duplicate state ISO code ${iso}`);
  for (const name of duplicates(ESTADOS.map((e) => e.nombre))) problems.push(`duplicate state name ${name}`);
  const total = ESTADOS.reduce((n, e) => n + e.municipios.length, 0);
  if (total !== 335) problems.push(`expected 335 municipalities, found ${total}`);

  // Banks
  for (const b of BANCOS) {
    if (!/^\d{4}$/.test(b.codigo)) problems.push(`bank ${b.nombre}: code ${b.codigo} is not four digits`);
    if (b.sitioWeb !== undefined && !/^https:\/\/\S+$/.test(b.sitioWeb))
      problems.push(`bank ${b.codigo}: invalid website ${b.sitioWeb}`);
  }
  for (const code of duplicates(BANCOS.map((b) => b.codigo))) problems.push(`duplicate bank code ${code}`);

  // ISLR
  for (const c of CONCEPTOS_ISLR) {
    if (!/^\d{3}$/.test(c.codigo)) problems.push(`ISLR concept ${c.codigo}: code is not three digits`);
    if (!DECIMAL.test(c.porcentaje))
      problems.push(`ISLR concept ${c.codigo}: bad porcentaje ${c.porcentaje}`);
    if (!DECIMAL.test(c.baseImponible)) problems.push(`ISLR concept ${c.codigo}: bad baseImponible`);
    const pct = Number(c.porcentaje);
    const base = Number(c.baseImponible);
    if (!(pct > 0 && pct <= 100)) problems.push(`ISLR concept ${c.codigo}: porcentaje out of range`);
    if (!(base > 0 && base <= 100)) problems.push(`ISLR concept ${c.codigo}: baseImponible out of range`);
    if (c.sustraendo !== (c.factor !== null))
      problems.push(`ISLR concept ${c.codigo}: factor must be set exactly when sustraendo applies`);
    if (c.sustraendo && c.tipoPersona !== 'PNR')
      problems.push(`ISLR concept ${c.codigo}: sustraendo only applies to PNR`);
  }
  for (const tipo of ['PNR', 'PNNR', 'PJD', 'PJND'] as const) {
    const codes = CONCEPTOS_ISLR.filter((c) => c.tipoPersona === tipo).map((c) => c.codigo);
    for (const code of duplicates(codes)) problems.push(`duplicate ISLR code ${code} for ${tipo}`);
  }
  for (const code of duplicates(CONCEPTOS_ISLR.map((c) => c.codigo)))
    problems.push(`duplicate ISLR code ${code}`);

  // IVA
  for (const t of TIPOS_IVA) {
    if (!DECIMAL.test(t.valor)) problems.push(`IVA type ${t.codigo}: bad valor ${t.valor}`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(t.fechaDesde)) problems.push(`IVA type ${t.codigo}: bad fechaDesde`);
    if ((t.exento || t.exonerado) && Number(t.valor) !== 0)
      problems.push(`IVA type ${t.codigo}: exempt/exonerated must be 0`);
  }
  if (TIPOS_IVA.filter((t) => t.ivaGeneral).length !== 1)
    problems.push('exactly one IVA type must be ivaGeneral');
  for (const code of duplicates(TIPOS_IVA.map((t) => t.codigo))) problems.push(`duplicate IVA code ${code}`);

  // Note categories
  for (const tipo of ['CREDITO', 'DEBITO'] as const) {
    const codes = CATEGORIAS_NOTA.filter((c) => c.tipoNota === tipo).map((c) => c.codigo);
    if (codes.join(',') !== '0,1,2') problems.push(`${tipo} note categories must be 0, 1 and 2`);
  }

  // Incoterms
  if (INCOTERMS.length !== 11) problems.push(`expected 11 incoterms, found ${INCOTERMS.length}`);
  for (const name of duplicates(INCOTERMS.map((i) => i.nombre))) problems.push(`duplicate incoterm ${name}`);
  for (const i of INCOTERMS)
    if (`GRUPO_${i.nombre[0]}` !== i.tipo) problems.push(`incoterm ${i.nombre}: group ${i.tipo} mismatch`);

  // Currencies
  for (const iso of duplicates(DIVISAS.map((d) => d.iso))) problems.push(`duplicate currency ${iso}`);
  for (const d of DIVISAS) if (!/^[A-Z]{3}$/.test(d.iso)) problems.push(`currency ${d.iso}: bad code`);

  return problems;
}
