import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import {
  CLIENT_ID,
  type InvoiceStatementRows,
  invoiceStatement,
  invoiceStatementSql,
} from '../src/modules/invoices/store-statement.ts';

// The invoice intake's statement, its text cached per shape (store-statement.ts), must be exactly what
// drizzle builds value by value: same text, same encoded parameters (the rows stored and the errors
// raised by PostgreSQL follow from these). Building needs no connection: the pool never connects.
const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
const db = drizzle(pool, { schema }) as unknown as Db;
const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string; params: unknown[] } } })
  .dialect;
afterAll(() => pool.end());

function rows(shape: {
  lines: number;
  payments: number;
  taxes: number;
  variant: number;
}): InvoiceStatementRows {
  const id = randomUUID();
  const localidadId = randomUUID();
  const v = shape.variant;
  return {
    client: {
      localidadId,
      tipoDocumento: 'J',
      numeroDocumento: String(30_000_000 + v),
      identificacion: `CLIENTE ${v}`,
      correo: v % 2 ? 'a@b.com' : null,
      ccCorreo: null,
      direccion: null,
      telefonoMovil: '0414',
      contribuyenteEspecial: v % 2 === 0,
      tipoProveedor: 'PJD',
      createdBy: `user${v}`,
    },
    clientUpdatedAt: new Date(Date.UTC(2026, 5, 10, 12, 0, v)),
    header: {
      id,
      localidadId,
      sucursalId: v % 2 ? randomUUID() : null,
      clienteId: CLIENT_ID,
      serieFactura: v % 2 ? 'A' : '',
      nroFactura: `N-${v}`,
      sandbox: v % 3 === 0,
      moneda: 'USD',
      tasaCambio: `36.${v}`,
      tasaUsd: null,
      condicionPago: 'CREDITO',
      tipoVenta: 'CREDITO',
      modelo: 'SERVICIO',
      diasCredito: 30 + v,
      fechaVencimiento: '2026-07-10',
      estatusCredito: null,
      subTotal: '1000.00',
      totalExento: '0.00',
      totalExonerado: '0.00',
      montoDescuento: '0.00',
      totalIva: '160.00',
      importeTotal: '1160.00',
      totalIgtf: '34.80',
      tipoColetilla: false,
      coletillaIgtf: true,
      observacion: v % 2 ? 'nota' : null,
      observacionInfo: null,
      ordenCompra: null,
      ordenId: null,
      servicio: { nroContrato: 'C-1', pagueAntes: 'no aplica' },
      cuentaTerceros: null,
      cliente: { tipoDocumento: 'J', numeroDocumento: String(v), extra: [1, 'ñ', { a: null }] },
      extras: v % 2 ? { campo: 'valor' } : {},
      datosModelo: v % 2 ? { aerea: { boleto: '123' } } : undefined,
      totalCargos: v % 2 ? '12.50' : undefined,
      origen: 'API',
      createdBy: `user${v}`,
    },
    lines: Array.from({ length: shape.lines }, (_, i) => ({
      facturaId: id,
      posicion: i + 1,
      codigoProducto: `P${i}`,
      descripcion: `Producto ${i} ${v}`,
      unidadMedida: 'UND',
      cantidad: `${i + 1}.5`,
      precio: '99999999999999999.99',
      descuento: '0',
      montoDescuento: '0.00',
      importe: '100.00',
      alicuota: '16.00',
      montoGravamen: '16.00',
      exento: i % 2 === 1,
      exonerado: false,
      nroLote: i % 2 ? 'L1' : null,
      fechaVenciProducto: null,
      extras: i % 2 ? { color: 'rojo' } : null,
    })),
    payments: Array.from({ length: shape.payments }, (_, i) => ({
      facturaId: id,
      modoPago: 'TRANSFERENCIA',
      nro: String(i),
      monto: '580.00',
      fecha: i ? '2026-06-10' : null,
      banco: null,
      divisa: 'USD',
      tasaDiaDivisa: null,
      diasCredito: null,
      igtf: true,
      igtfValor: '17.40',
      igtfBase: '580.00',
      igtfBs: '635.10',
      tasaBs: '36.50',
    })),
    taxes: Array.from({ length: shape.taxes }, (_, i) => ({
      facturaId: id,
      alicuota: ['8.00', '16.00', '31.00'][i % 3],
      baseImponible: '500.00',
      montoAlicuota: '80.00',
    })),
  };
}

/** Drizzle's own build of the same rows (after the cached path filled in the clock's values). */
const drizzleBuild = (r: InvoiceStatementRows) => {
  const { sql, params } = dialect.sqlToQuery(invoiceStatementSql(db, r));
  return { sql, params };
};

describe('the invoice statement cached per shape', () => {
  const shapes = [
    { lines: 1, payments: 0, taxes: 0 },
    { lines: 5, payments: 1, taxes: 1 },
    { lines: 3, payments: 2, taxes: 3 },
  ];

  it('has drizzle’s text and parameters, for the first invoice of a shape and the next ones', () => {
    for (const shape of shapes) {
      for (let variant = 0; variant < 4; variant++) {
        const r = rows({ ...shape, variant });
        const before = Date.now();
        const cached = invoiceStatement(db, r);
        // The application's clock fills the creation times as drizzle's insert does, per invoice.
        expect(r.header.createdAt).toBeInstanceOf(Date);
        expect((r.header.createdAt as Date).getTime()).toBeGreaterThanOrEqual(before);
        expect(r.client.createdAt).toBeInstanceOf(Date);
        const expected = drizzleBuild(r);
        expect(cached.sql).toBe(expected.sql);
        expect(cached.params).toEqual(expected.params);
      }
    }
  });

  it('keeps a value left out (drizzle writes default) apart from a null one', () => {
    const absent = rows({ lines: 2, payments: 1, taxes: 1, variant: 2 });
    const present = rows({ lines: 2, payments: 1, taxes: 1, variant: 3 });
    const a = invoiceStatement(db, absent);
    const b = invoiceStatement(db, present);
    expect(a.sql).not.toBe(b.sql);
    expect(a.sql).toContain('default');
    expect(a).toEqual(drizzleBuild(absent));
    expect(b).toEqual(drizzleBuild(present));
    // Encodings as drizzle's: json as text, numerics as strings, timestamps as ISO text, null as null.
    expect(b.params).toContain(JSON.stringify({ aerea: { boleto: '123' } }));
    expect(b.params).toContain('99999999999999999.99');
    expect(b.params).toContain(present.clientUpdatedAt.toISOString());
    expect(b.params).toContain(null);
  });
});
