import { type InvoiceDetail, liquorLineText } from '@sigece/fiscal';
import type { TFunction } from 'i18next';
import { showAmount } from './draft.ts';

/** A calendar date 'YYYY-MM-DD' as dd/MM/yyyy: the day as written, never shifted by a time zone. */
const formatDate = (value: string) => value.slice(0, 10).split('-').reverse().join('/');

/**
 * The AEREA and LICORES data of an invoice for its detail dialog: one titled list of label
 * and value per model block, empty for the other models.
 */
export function modelDetailSections(
  f: InvoiceDetail,
  t: TFunction<'invoiceModels'>,
): Array<{ title: string; items: Array<[string, string]> }> {
  const sections: Array<{ title: string; items: Array<[string, string]> }> = [];
  const air = f.transporteAereo;
  if (air) {
    const opt = (label: string, value: string | undefined): Array<[string, string]> =>
      value ? [[label, value]] : [];
    sections.push({
      title: t('air.title'),
      items: [
        [t('air.pasajero'), air.pasajero],
        [t('air.documentoPasajero'), air.documentoPasajero],
        ...opt(t('air.domicilioPasajero'), air.domicilioPasajero),
        ...opt(t('air.telefonoPasajero'), air.telefonoPasajero),
        [t('air.nroBoleto'), air.nroBoleto],
        ...opt(t('air.codigoReserva'), air.codigoReserva),
        ...opt(t('air.aerolinea'), air.aerolinea),
        ...opt(t('air.nroVuelo'), air.nroVuelo),
        [t('detail.ruta'), `${air.origen} - ${air.destino}`],
        [t('air.fechaSalida'), formatDate(air.fechaSalida)],
        ...opt(t('air.fechaRegreso'), air.fechaRegreso ? formatDate(air.fechaRegreso) : undefined),
        ...opt(t('air.clase'), air.clase),
        ...air.cargos.map((c): [string, string] => [
          c.beneficiario ? `${c.concepto} (${c.beneficiario})` : c.concepto,
          showAmount(c.monto, f.facturaDivisa),
        ]),
        [t('detail.totalCargos'), showAmount(air.totalCargos, f.facturaDivisa)],
      ],
    });
  }
  if (f.licores) {
    sections.push({
      title: t('liquor.title'),
      items: [
        [t('liquor.licenciaExpendio'), f.licores.licenciaExpendio],
        ...(f.licores.licenciaComprador
          ? ([[t('liquor.licenciaComprador'), f.licores.licenciaComprador]] as Array<[string, string]>)
          : []),
        ...f.lstDetallesFacturaGeneral.flatMap(
          (l): Array<[string, string]> =>
            l.licor ? [[`${l.codigoProducto} · ${l.descripcion}`, liquorLineText(l.licor)]] : [],
        ),
      ],
    });
  }
  return sections;
}
