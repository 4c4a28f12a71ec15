// Helpers of the suites that issue withholding vouchers (withholdings, purchases, and the books' withheld
// columns): a company made a withholding agent (a voucher control lot and automatic voucher numbers) and
// an IVA voucher as createRetencionIvaMasiva receives it, dated on the test's clock.
import { caracasDate } from '@sigece/fiscal';
import { expect } from 'vitest';
import { type Ctx, newCompany } from './invoices.ts';

export const RET = '/v2/retenciones';

const today = () => caracasDate(new Date());
const periodDel = () => `${today().slice(0, 7)}-01`;

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
  // Through the /retenciones path of spec 002 §7 (the same service as /mantenimiento/control).
  const numbers = await ctx().request({
    method: 'POST',
    url: `${RET}/AddNroRetenciones`,
    token: admin,
    payload: { id_localidad: companyId, serie: '00', nroDesde: 0, cantidad: 1000, asignaNro: true },
  });
  expect(numbers.statusCode, numbers.body).toBe(200);
}

/** A new company (agent) with a withholding control lot and automatic voucher numbers. */
export async function withholdingAgent(ctx: Ctx, nombre?: string) {
  const company = await newCompany(ctx, { lot: 0, nombre });
  await makeWithholdingAgent(ctx, company.id);
  return company;
}

/** An IVA voucher of one line (1,000.00 at 16 %, 75 % withheld: 120.00) for the agent `rif`. */
export function ivaVoucher(
  rif: string,
  over: Record<string, unknown> = {},
  lines?: Record<string, unknown>[],
) {
  return {
    rif,
    periodoFiscalDel: periodDel(),
    periodoFiscalAl: today(),
    rifProveedor: 'J-000000019',
    identificacion: 'Suministros del Centro, C.A.',
    direccion: 'Calle 5, Valencia',
    correo: 'proveedor@example.com',
    modeloRetencion: 'IVA',
    tipoDocumento: '05',
    tasaRetencion: '75',
    lstRetenciones: lines ?? [
      {
        tipoTransaccion: '01-REG',
        fechaDocumento: today(),
        nroDocumento: '000123',
        nroControlDocumento: '00-00168441',
        montoTotalDocumento: '1160.00',
        compraExento: '0',
        baseImponible: '1000.00',
        Alicuota: '16',
        impuestoCausado: '160.00',
        impuestoRetenido: '120.00',
      },
    ],
    ...over,
  };
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
  const lines = voucher.lines.map((l) => ({
    tipoTransaccion: '01-REG',
    fechaDocumento: today(),
    Alicuota: '16',
    compraExento: '0',
    ...l,
  }));
  const res = await ctx().request({
    method: 'POST',
    url: `${RET}/createRetencionIvaMasiva`,
    token: await ctx().adminToken(),
    payload: [
      ivaVoucher(
        voucher.rif,
        { rifProveedor: voucher.rifProveedor, identificacion: 'Proveedor de prueba' },
        lines,
      ),
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as { DetalleretencionesProcesadas: Array<{ nroComprobante: string }> };
  expect(answer.DetalleretencionesProcesadas, res.body).toHaveLength(1);
  return answer.DetalleretencionesProcesadas[0].nroComprobante;
}
