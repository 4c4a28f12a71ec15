import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTE_CATEGORIES } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../components/DetailList.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ActivityTimeline } from '../documents/activity/ActivityTimeline.tsx';
import { DeliveryDetail } from '../documents/delivery/Delivery.tsx';
import { LinesCard, TotalsCard } from '../documents/index.ts';
import { type NoteRow, noteDetail, notesKey } from './api.ts';
import { noteNumber } from './noteFile.ts';
import { noteLineColumns, noteTotalsRows } from './noteView.tsx';

/** "Consultar" a note (spec 001 §2.3 "consult note"): its data, affected invoice, lines and totals. */
export function NoteDetailDialog({ row, onClose }: { row: NoteRow; onClose: () => void }) {
  const { t } = useTranslation('notes');
  const titleId = useId();
  const detail = useQuery({
    queryKey: [...notesKey, 'detail', row.id],
    queryFn: ({ signal }) => noteDetail(row.id, signal),
    select: (answer) => answer.result,
  });
  const n = detail.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('detail.title', { nro: noteNumber(row) })}</DialogTitle>
      <DialogContent dividers>
        {detail.isPending && <CircularProgress aria-label={t('app:loading')} />}
        {detail.isError && <Typography color="error">{t('detail.loadError')}</Typography>}
        {n && (
          <Stack spacing={2}>
            <DeliveryDetail tipoDoc="nota" id={row.id} />
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
          </Stack>
        )}
        <ActivityTimeline tipoDoc="nota" id={row.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
