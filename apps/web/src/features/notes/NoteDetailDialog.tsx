import { NOTE_CATEGORIES } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../components/DetailList.tsx';
import { formatDateTime } from '../../components/format.ts';
import { DocumentDetailDialog, LinesCard, TotalsCard } from '../documents/index.ts';
import { type NoteRow, noteDetail, notesKey } from './api.ts';
import { noteNumber } from './noteFile.ts';
import { noteLineColumns, noteTotalsRows } from './noteView.tsx';

/** "Consultar" a note (spec 001 §2.3 "consult note"): its data, affected invoice, lines and totals. */
export function NoteDetailDialog({ row, onClose }: { row: NoteRow; onClose: () => void }) {
  const { t } = useTranslation('notes');
  return (
    <DocumentDetailDialog
      title={t('detail.title', { nro: noteNumber(row) })}
      tipoDoc="nota"
      id={row.id}
      load={{
        queryKey: [...notesKey, 'detail', row.id],
        queryFn: async (signal) => (await noteDetail(row.id, signal)).result,
      }}
      errorText={t('detail.loadError')}
      onClose={onClose}
    >
      {(n) => (
        <>
          <DetailList
            columns={2}
            rows={[
              [t('detail.tipo'), t(`types.${n.tipo}`)],
              [t('detail.categoria'), NOTE_CATEGORIES[n.tipo][n.categoria]],
              [t('detail.concepto'), n.concepto],
              [t('detail.fecha'), formatDateTime(n.fechaEmision)],
              [t('detail.nroControl'), n.nroControl ?? t('list.notGenerated')],
              [
                t('detail.fechaAsignacionControl'),
                n.fechaAsignacionControl ? formatDateTime(n.fechaAsignacionControl) : '—',
              ],
              [t('detail.estatus'), row.estatus],
              [t('detail.factura'), n.nroFactura],
              [t('detail.controlFactura'), n.nroControlFactura ?? ''],
              [t('detail.fechaFactura'), formatDateTime(n.fechaEmisionFactura)],
              [t('detail.razonSocial'), `${n.razonSocial} (${n.rif})`],
              [t('detail.sucursal'), n.sucursal ?? ''],
              [t('detail.cliente'), row.cliente],
              [t('detail.divisa'), n.facturaDivisa],
            ]}
          />
          <LinesCard
            title={t('detail.lines')}
            lines={n.lstDetallesNota}
            getKey={(l) => l._id}
            emptyText={t('new.noLines')}
            columns={noteLineColumns(t, n.facturaDivisa, n.tipo)}
          />
          <TotalsCard
            title={t('new.totals')}
            sections={[{ rows: noteTotalsRows(t, n, n.facturaDivisa, 'note') }]}
          />
        </>
      )}
    </DocumentDetailDialog>
  );
}
