// Rules of delivery orders and dispatch guides (spec 001 §3.9 IncluirMontos, §4.4 totals as invoices,
// §8.4 messages; IncluirMontos chosen per order).
import { describe, expect, it } from 'vitest';
import {
  deliveryAddressOf,
  ORDER_MESSAGES,
  OrderRuleError,
  orderSchema,
  orderTitle,
  priceOrder,
} from '../src/index.ts';

const base = {
  rif: 'J-123456789',
  nroOrden: 'OE-1',
  modeloOrden: 'ordenentrega',
  motivo: 'Venta',
  cliente: {
    tipoDocumento: 'V',
    numeroDocumento: '12345678',
    identificacion: 'PEDRO',
    direccionEntrega: 'Caracas',
  },
  lstDetallesFacturaGeneral: [
    { codigoProducto: 'P1', descripcion: 'Cemento', cantidad: '2', unidadMedida: 'saco' },
  ],
};

describe('orders (spec 001 §3.9)', () => {
  it('reads an order liberally: kind in any case, currency VEF by default, IncluirMontos as text', () => {
    const o = orderSchema.parse({ ...base, IncluirMontos: 'false' });
    expect(o.modeloOrden).toBe('ORDENENTREGA');
    expect(o.facturaDivisa).toBe('VEF');
    expect(o.IncluirMontos).toBe(false);
  });

  it('requires motivo and cliente', () => {
    expect(orderSchema.safeParse({ ...base, motivo: '' }).success).toBe(false);
    const noClient = orderSchema.safeParse({ ...base, cliente: null });
    expect(noClient.success).toBe(false);
    expect(JSON.stringify(noClient.error?.issues)).toContain('cliente es requerido');
  });

  it('without amounts keeps no money and needs no price', () => {
    expect(priceOrder(orderSchema.parse(base))).toEqual({ amounts: false });
  });

  it('with amounts prices like an invoice (§4.4) and compares what was sent within 0.01', () => {
    const lines = [
      { ...base.lstDetallesFacturaGeneral[0], precio: '100', alicuotaGravamen: 16 },
      { codigoProducto: 'P2', descripcion: 'Arena', cantidad: 1, precio: 50, exento: true },
    ];
    const ok = priceOrder(
      orderSchema.parse({
        ...base,
        IncluirMontos: true,
        subTotal: 250,
        importeTotal: '282.00',
        lstDetallesFacturaGeneral: lines,
      }),
    );
    expect(ok.amounts && ok.totals).toMatchObject({
      subTotal: '250.00',
      totalIva: '32.00',
      importeTotal: '282.00',
      totalExento: '50.00',
    });
    expect(() =>
      priceOrder(
        orderSchema.parse({
          ...base,
          IncluirMontos: true,
          subTotal: 250,
          importeTotal: 283,
          lstDetallesFacturaGeneral: lines,
        }),
      ),
    ).toThrow('El campo importeTotal enviado (283.00) no coincide con el calculado (282.00)');
    expect(() =>
      priceOrder(orderSchema.parse({ ...base, IncluirMontos: true, subTotal: 1, importeTotal: 1 })),
    ).toThrow(OrderRuleError);
  });

  it('the delivery address is the order’s or the client’s; the titles and §8.4 messages', () => {
    expect(deliveryAddressOf(orderSchema.parse({ ...base, direccionEntrega: 'Valencia' }))).toBe('Valencia');
    expect(() =>
      deliveryAddressOf(orderSchema.parse({ ...base, cliente: { ...base.cliente, direccionEntrega: '' } })),
    ).toThrow(ORDER_MESSAGES.deliveryAddress);
    expect(orderTitle('GUIADESPACHO')).toBe('GUÍA DE DESPACHO');
    expect(ORDER_MESSAGES.failed('7', 'x')).toBe('Ocurrio un error en la orden, Nro Orden: 7, Error: x');
    expect(ORDER_MESSAGES.stored('7', '00-1', 'ok')).toBe('Nro Orden/Guia: 7, nro control: 00-1, ok');
    expect(ORDER_MESSAGES.annulFailed('7', 'm')).toBe('Ocurrio un Error al Anular Orden/Guia N°: 7 - m');
    expect(ORDER_MESSAGES.annulDone('7', 'm')).toBe('Orden N°: 7 - m');
  });
});
