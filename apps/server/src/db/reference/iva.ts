/**
 * IVA (Impuesto al Valor Agregado) rate types and their current values.
 *
 * Sources:
 * - Ley que establece el Impuesto al Valor Agregado: Decreto con Rango, Valor y Fuerza de Ley N° 1.436 (Gaceta
 *   Oficial N° 6.152 Extraordinario, 18-11-2014), as reformed by the Decretos Constituyentes published in Gaceta
 *   Oficial N° 6.396 Extraordinario (21-08-2018) and N° 6.507 Extraordinario (29-01-2020). Art. 27 governs the
 *   general rate (set by the Executive within the legal range) and the 8 % reduced rate; the 2014 text sets the
 *   additional 15 % rate for bienes y prestaciones de servicios suntuarios; arts. 17-19 list exempt imports,
 *   sales and services. The additional rate for payments in foreign currency added by the 2020 reform is not
 *   modelled here.
 * - General rate 16 %: Decreto N° 3.584 (Gaceta Oficial N° 6.395 Extraordinario, 17-08-2018), in force from
 *   2018-09-01 (it replaced the 12 % rate in force until 2018-08-31) and kept since.
 * - Exención vs exoneración: Código Orgánico Tributario — an exención is granted by the law itself, an
 *   exoneración is granted by the Executive (decree) in the cases the law allows.
 *
 * `valor` is the percent as a decimal string. `fechaDesde` is the date from which the value applies; for the
 * reduced rate it is the date of the current legal text (the 8 % reduced rate itself is older), and for exento /
 * exonerado (no rate) the same date is used so the value rows always have a start date.
 */

export type TipoIva = {
  codigo: string;
  concepto: string;
  valor: string;
  ivaGeneral: boolean;
  exento: boolean;
  exonerado: boolean;
  fechaDesde: string;
  notas: string;
};

export const TIPOS_IVA: TipoIva[] = [
  {
    codigo: 'G',
    concepto: 'Alícuota general',
    valor: '16.00',
    ivaGeneral: true,
    exento: false,
    exonerado: false,
    fechaDesde: '2018-09-01',
    notas:
      'Decreto N° 3.584, G.O. N° 6.395 Extraordinario del 17-08-2018, vigente desde el 01-09-2018 (antes 12 %). ' +
      'Ley del IVA art. 27: la fija el Ejecutivo Nacional dentro del rango legal.',
  },
  {
    codigo: 'R',
    concepto: 'Alícuota reducida',
    valor: '8.00',
    ivaGeneral: false,
    exento: false,
    exonerado: false,
    fechaDesde: '2014-11-18',
    notas:
      'Ley del IVA art. 27 (G.O. N° 6.152 Extraordinario del 18-11-2014): bienes y servicios de la lista de ' +
      'alícuota reducida. La alícuota reducida de 8 % es anterior a este texto legal.',
  },
  {
    codigo: 'A',
    concepto: 'Alícuota general más alícuota adicional (bienes y servicios suntuarios)',
    valor: '31.00',
    ivaGeneral: false,
    exento: false,
    exonerado: false,
    fechaDesde: '2018-09-01',
    notas:
      '16 % general + 15 % adicional para bienes y prestaciones de servicios de consumo suntuario (Ley del IVA, ' +
      'reforma de 2014). El total de 31 % rige desde que la general pasó a 16 % (01-09-2018).',
  },
  {
    codigo: 'E',
    concepto: 'Exento',
    valor: '0.00',
    ivaGeneral: false,
    exento: true,
    exonerado: false,
    fechaDesde: '2014-11-18',
    notas: 'Exención otorgada por la propia Ley del IVA (arts. 17, 18 y 19).',
  },
  {
    codigo: 'X',
    concepto: 'Exonerado',
    valor: '0.00',
    ivaGeneral: false,
    exento: false,
    exonerado: true,
    fechaDesde: '2014-11-18',
    notas: 'Exoneración otorgada por decreto del Ejecutivo Nacional en los casos que la ley lo permite.',
  },
];
