// Helpers of the suites that need IVA withholding vouchers issued through the API (the books' withheld
// columns): a company made a withholding agent (its voucher control lot and automatic voucher numbers),
// and one IVA voucher posted to createRetencionIvaMasiva.
import { caracasDate } from '@sigece/fiscal';
import { expect } from 'vitest';
import type { Ctx } from './invoices.ts';

/** Gives `companyId` a withholding control lot (series 00) and automatic voucher numbers. */
export async function makeWithholdingAgent(ctx: Ctx, companyId: string): Promise<void> {
  const admin = await ctx().adminToken();
  const lot = await ctx().request({
    method: 'POST',
    url: '/v2/mantenimiento/control/AddControlRetencion',
    token: admin,
    payload: {
      id_localidad: companyId,
      tipo: 'Global',
      serie: '00',
      nroControl: 0,
      nroControlDesde: 0,
      nroControlHasta: 1000,
      cantidadFacturas: 1000,
      logEstatusRegistro: 'ACTIVO',
    },
  });
  expect(lot.statusCode, lot.body).toBe(200);
  const numbers = await ctx().request({
    method: 'POST',
    url: '/v2/retenciones/AddNroRetenciones',
    token: admin,
    payload: { id_localidad: companyId, serie: '00', nroDesde: 0, cantidad: 1000, asignaNro: true },
  });
  expect(numbers.statusCode, numbers.body).toBe(200);
}

/** One withheld document of an IVA voucher (amounts as 2-decimal text; rate 16 %). */
export interface IvaLine {
  nroDocumento: string;
  nroControlDocumento: string;
  montoTotalDocumento: string;
  compraExento?: string;
  baseImponible: string;
  impuestoCausado: string;
  impuestoRetenido: string;
}

/**
 * Issues one IVA voucher at 75 % of agent `rif` to supplier `rifProveedor` (J-#########) for `lines`,
 * dated today in Caracas; returns its voucher number.
 */
export async function issueIvaVoucher(
  ctx: Ctx,
  voucher: { rif: string; rifProveedor: string; lines: IvaLine[] },
): Promise<string> {
  const today = caracasDate(new Date());
  const res = await ctx().request({
    method: 'POST',
    url: '/v2/retenciones/createRetencionIvaMasiva',
    token: await ctx().adminToken(),
    payload: [
      {
        rif: voucher.rif,
        periodoFiscalDel: `${today.slice(0, 7)}-01`,
        periodoFiscalAl: today,
        rifProveedor: voucher.rifProveedor,
        identificacion: 'Proveedor de prueba',
        direccion: 'Calle 5, Valencia',
        correo: 'proveedor@example.com',
        modeloRetencion: 'IVA',
        tipoDocumento: '05',
        tasaRetencion: '75',
        lstRetenciones: voucher.lines.map((l) => ({
          tipoTransaccion: '01-REG',
          fechaDocumento: today,
          Alicuota: '16',
          compraExento: '0',
          ...l,
        })),
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as { DetalleretencionesProcesadas: Array<{ nroComprobante: string }> };
  expect(answer.DetalleretencionesProcesadas, res.body).toHaveLength(1);
  return answer.DetalleretencionesProcesadas[0].nroComprobante;
}
