/**
 * Values of the unidad tributaria (UT) since the 2021 monetary re-expression, by the date each comes into
 * force (the date of its Gaceta Oficial). The ISLR sustraendo of Decreto 1.808 is UT × factor ×
 * percentage, with the UT in force on the payment date (db/reference/islr.ts). Later values are added on
 * the maintenance screen (POST /v2/retenciones/unidadesTributarias).
 *
 * Sources:
 * - Bs. 0,40: Providencia Administrativa SNAT/2022/000023 of 07-04-2022, Gaceta Oficial N° 42.359 of
 *   20-04-2022 (reajusta la UT de Bs. 0,02 a Bs. 0,40).
 * - Bs. 9,00: Providencia Administrativa SNAT/2023/000031, Gaceta Oficial N° 42.623 of 08-05-2023
 *   (reajusta la UT de Bs. 0,40 a Bs. 9,00), in force from its publication.
 * - Bs. 43,00: Gaceta Oficial N° 43.140 (reajusta la UT de Bs. 9,00 a Bs. 43,00), as the press reported it
 *   on 4 June 2025 (sources.md S8: aporrea.org n405431; infocustumagazine.com). Neither the providencia's
 *   number nor the gazette's own date could be found in the public copies searched, so the row says so and
 *   takes the date of the first report, 2025-06-04, as the day it is certainly in force (a payment of 2 or 3
 *   June 2025 may then be priced with Bs. 9,00: correct it on the maintenance screen once the gazette is at
 *   hand). Migration 0021 adds the row to databases seeded before it.
 */
export interface TaxUnitSeed {
  valor: string;
  fechaDesde: string;
  providencia: string;
  gacetaOficial: string;
}

export const UNIDADES_TRIBUTARIAS: TaxUnitSeed[] = [
  {
    valor: '0.40',
    fechaDesde: '2022-04-20',
    providencia: 'SNAT/2022/000023',
    gacetaOficial: 'G.O. N° 42.359 del 20-04-2022',
  },
  {
    valor: '9.00',
    fechaDesde: '2023-05-08',
    providencia: 'SNAT/2023/000031',
    gacetaOficial: 'G.O. N° 42.623 del 08-05-2023',
  },
  {
    valor: '43.00',
    fechaDesde: '2025-06-04',
    providencia: 'SNAT/2025 (número no hallado en las copias públicas)',
    gacetaOficial: 'G.O. N° 43.140 (junio de 2025)',
  },
];
