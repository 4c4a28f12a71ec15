// The monthly report of assigned control numbers (Providencia SNAT/2024/000102 as read by integrators and
// a peer imprenta: Art. 29.7 ten continuous days, Art. 34.3 two omitted months; sources S11). Dates are
// passed in: nothing here reads the clock.
import { describe, expect, it } from 'vitest';
import {
  assignedNumbersCsv,
  assignedNumbersQuery,
  consecutiveRuns,
  dailyDuty,
  lastPeriods,
  missedDeadline,
  monthClosed,
  monthlyReportSentBody,
  monthlyReportState,
  periodDays,
  reportDeadline,
  shiftPeriod,
} from '../src/index.ts';

describe('periods AAAA-MM', () => {
  it('knows the first and last day of a month, leap years included', () => {
    expect(periodDays('2024-02')).toEqual({ desde: '2024-02-01', hasta: '2024-02-29' });
    expect(periodDays('2026-02')).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' });
    expect(periodDays('2026-12')).toEqual({ desde: '2026-12-01', hasta: '2026-12-31' });
  });

  it('moves across the year', () => {
    expect(shiftPeriod('2026-12', 1)).toBe('2027-01');
    expect(shiftPeriod('2026-01', -1)).toBe('2025-12');
    expect(lastPeriods('2026-03-15', 4)).toEqual(['2026-03', '2026-02', '2026-01', '2025-12']);
  });

  it('refuses a bad periodo with a Spanish message', () => {
    for (const periodo of ['2026-13', '2026-5', '202605', 'mayo', ''])
      expect(assignedNumbersQuery.safeParse({ periodo }).error?.issues[0].message).toBe(
        'El período debe tener el formato AAAA-MM (por ejemplo 2026-05)',
      );
    expect(assignedNumbersQuery.safeParse({ periodo: '2026-05' }).success).toBe(true);
  });

  it('keeps a receipt number optional and at most 60 characters', () => {
    expect(monthlyReportSentBody.parse({ periodo: '2026-05', nroRecibo: '  ' }).nroRecibo).toBeUndefined();
    expect(monthlyReportSentBody.safeParse({ periodo: '2026-05', nroRecibo: 'x'.repeat(61) }).success).toBe(
      false,
    );
  });
});

describe('Art. 29.7 as read: the report is due within the 10 continuous days after the month', () => {
  it('is due on day 10 of the next month, December into January', () => {
    expect(reportDeadline('2026-05')).toBe('2026-06-10');
    expect(reportDeadline('2026-12')).toBe('2027-01-10');
  });

  it('closes a month once its last Caracas day is over', () => {
    expect(monthClosed('2026-05', '2026-05-31')).toBe(false);
    expect(monthClosed('2026-05', '2026-06-01')).toBe(true);
  });

  it('moves pendiente → generado → enviado, and vencido from day 11', () => {
    expect(monthlyReportState('2026-05', '2026-05-20', null)).toBe('pendiente');
    expect(monthlyReportState('2026-05', '2026-06-01', null)).toBe('pendiente');
    const generated = { generadoEn: '2026-06-01T05:00:00Z', enviadoEn: null };
    expect(monthlyReportState('2026-05', '2026-06-01', generated)).toBe('generado');
    expect(monthlyReportState('2026-05', '2026-06-10', generated)).toBe('generado');
    expect(monthlyReportState('2026-05', '2026-06-11', generated)).toBe('vencido');
    expect(monthlyReportState('2026-05', '2026-06-11', null)).toBe('vencido');
    const sent = { ...generated, enviadoEn: '2026-06-05T14:00:00Z' };
    expect(monthlyReportState('2026-05', '2026-06-11', sent)).toBe('enviado');
  });

  it('Art. 34.3 as read: a month sent after day 10, or not at all, is a missed deadline', () => {
    expect(missedDeadline('2026-05', '2026-06-11', null)).toBe(true);
    expect(missedDeadline('2026-05', '2026-06-10', null)).toBe(false);
    expect(missedDeadline('2026-05', '2026-06-20', '2026-06-10')).toBe(false);
    expect(missedDeadline('2026-05', '2026-06-20', '2026-06-12')).toBe(true);
  });

  it('the daily job builds on day 1 and warns from day 7', () => {
    expect(dailyDuty('2026-07-01')).toEqual({ periodo: '2026-06', firstDay: true, warn: false });
    expect(dailyDuty('2026-07-06')).toEqual({ periodo: '2026-06', firstDay: false, warn: false });
    expect(dailyDuty('2026-07-07')).toEqual({ periodo: '2026-06', firstDay: false, warn: true });
    expect(dailyDuty('2027-01-09').periodo).toBe('2026-12');
  });
});

describe('ranges and the machine-readable file', () => {
  it('groups numbers into consecutive runs', () => {
    expect(consecutiveRuns([5, 1, 2, 3, 9, 10])).toEqual([
      { desde: 1, hasta: 3 },
      { desde: 5, hasta: 5 },
      { desde: 9, hasta: 10 },
    ]);
    expect(consecutiveRuns([])).toEqual([]);
  });

  it('writes one CSV row per number with RFC 4180 quoting, and the header alone for an empty month', () => {
    const base = {
      periodo: '2026-05',
      desde: '2026-05-01',
      hasta: '2026-05-31',
      imprenta: { nombre: 'Imprenta', rif: 'J-000000001', providencia: 'SNAT/X' },
      sinAsignaciones: true,
      mensaje: 'vacío',
      totales: { empresas: 0, numeros: 0, anulados: 0, porFamilia: {} },
      series: [],
    };
    const empty = assignedNumbersCsv(base);
    expect(empty.split('\r\n')).toEqual([
      'periodo,rif_imprenta,rif_emisor,razon_social,sucursal,familia,lote,serie,numero,numero_control,tipo_documento,documento,fecha_asignacion,hora_asignacion,estatus',
      '',
    ]);
    const csv = assignedNumbersCsv({
      ...base,
      sinAsignaciones: false,
      series: [
        {
          localidadId: 'l1',
          rif: 'J-1',
          razonSocial: 'Comercial "El Sol", C.A.',
          familia: 'FACTURA',
          lote: 'lot',
          serie: '00',
          cantidad: 1,
          anulados: 0,
          rangos: [{ desde: '00-00000001', hasta: '00-00000001', cantidad: 1 }],
          numeros: [
            {
              nroControl: '00-00000001',
              numero: 1,
              tipoDoc: 'fact',
              tipoDocumento: 'Factura',
              documento: 'F-1',
              documentoId: 'd',
              sucursal: null,
              fecha: '2026-05-02',
              hora: '08:15:00',
              asignadoEn: '2026-05-02T12:15:00.000Z',
              estatus: 'ACTIVO',
            },
          ],
        },
      ],
    });
    expect(csv.split('\r\n')[1]).toBe(
      '2026-05,J-000000001,J-1,"Comercial ""El Sol"", C.A.",,FACTURA,lot,00,1,00-00000001,Factura,F-1,2026-05-02,08:15:00,ACTIVO',
    );
  });
});
