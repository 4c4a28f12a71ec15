import type { WithholdingDetail } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../components/DetailList.tsx';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
} from '../../components/format.ts';
import { DocumentDetailDialog, type LineColumn, LinesCard, SectionCard } from '../documents/index.ts';
import { type WithholdingRow, withholdingDetail, withholdingsKey } from './api.ts';
import { NS } from './register.ts';

type Line = WithholdingDetail['lstRetenciones'][number];

/**
 * "Consultar" a withholding voucher, IVA or ISLR (spec 002 §2.2): the agent, the
 * withheld party and the period, the documents withheld (the IVA or the ISLR columns of the form that
 * made it), the total, and the activity timeline every document's detail has.
 */
export function WithholdingDetailDialog({ row, onClose }: { row: WithholdingRow; onClose: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <DocumentDetailDialog
      title={t('detail.title', { nro: row.nroComprobante })}
      tipoDoc="ret"
      id={row.id}
      load={{
        queryKey: [...withholdingsKey, 'detail', row.id],
        queryFn: (signal) => withholdingDetail(row.id, signal),
      }}
      errorText={t('detail.loadError')}
      onClose={onClose}
    >
      {(r) => <WithholdingDetailBody r={r} />}
    </DocumentDetailDialog>
  );
}

function WithholdingDetailBody({ r }: { r: WithholdingDetail }) {
  const { t } = useTranslation(NS);
  const islr = r.modeloRetencion === 'ISLR';
  const right = 'right' as const;
  const columns: LineColumn<Line>[] = [
    { id: 'fecha', header: t('line.fechaDocumento'), render: (l) => formatDate(l.fechaDocumento) },
    { id: 'nroDocumento', header: t('line.nroDocumento'), render: (l) => l.nroDocumento ?? l.nroNota },
    { id: 'nroControl', header: t('line.nroControlDocumento'), render: (l) => l.nroControlDocumento },
    ...(islr
      ? [
          {
            id: 'concepto',
            header: t('line.conceptoIslr'),
            render: (l: Line) => [l.conceptoIslr, l.concepto].filter(Boolean).join(' - '),
          },
        ]
      : [{ id: 'tipo', header: t('line.tipoTransaccion'), render: (l: Line) => l.tipoTransaccion }]),
    {
      id: 'total',
      header: t('line.montoTotalDocumento'),
      align: right,
      render: (l) => formatNumber(l.montoTotalDocumento),
    },
    {
      id: 'base',
      header: t('line.baseImponible'),
      align: right,
      render: (l) => formatNumber(l.baseImponible),
    },
    ...(islr
      ? [
          {
            id: 'porcentaje',
            header: t('detail.porcentaje'),
            align: right,
            render: (l: Line) => formatPercent(l.porcentaje),
          },
          {
            id: 'sustraendo',
            header: t('detail.sustraendo'),
            align: right,
            render: (l: Line) => formatNumber(l.sustraendo ?? '0'),
          },
        ]
      : [
          {
            id: 'alicuota',
            header: t('line.alicuota'),
            align: right,
            render: (l: Line) => formatPercent(l.alicuota),
          },
          {
            id: 'causado',
            header: t('line.impuestoCausado'),
            align: right,
            render: (l: Line) => formatNumber(l.impuestoCausado),
          },
        ]),
    {
      id: 'retenido',
      header: islr ? t('line.causadoRetenido') : t('line.impuestoRetenido'),
      align: right,
      render: (l) => formatNumber(l.impuestoRetenido),
    },
  ];
  return (
    <>
      <SectionCard title={t('detail.data')}>
        <DetailList
          columns={2}
          rows={[
            [t('list.columns.modelo'), t(`models.${r.modeloRetencion}`, { defaultValue: r.modeloRetencion })],
            [t('list.columns.nroComprobante'), r.nroComprobante],
            [t('list.columns.nroControl'), r.NroControlComprobante || '—'],
            [t('list.columns.fechaEmision'), formatDateTime(r.fechaEmision)],
            [
              t('list.columns.periodo'),
              `${formatDate(r.periodoFiscalDel)} - ${formatDate(r.peridofiscalAl)}`,
            ],
            [
              t('list.columns.estatus'),
              r.logEstatusRegistro === 'ACTIVO' ? t('list.active') : t('list.annulled'),
            ],
            [t('new.agent'), `${r.razonSocial} (${r.rif})`],
            ...(r.tasaRetencion
              ? [[t('new.tasaRetencion'), formatPercent(r.tasaRetencion)] as [string, string]]
              : []),
            [t('new.supplier'), `${r.identificacion} (${r.rifProveedor})`],
            [t('new.direccion'), r.direccion || '—'],
            [t('new.correo'), r.correo || '—'],
            [t('new.total'), <strong key="total">{formatMoney(r.totalRetenido)}</strong>],
          ]}
        />
      </SectionCard>
      <LinesCard
        title={t('new.lines')}
        lines={r.lstRetenciones}
        getKey={(l) => String(l.posicion)}
        emptyText={t('new.noLines')}
        columns={columns}
      />
    </>
  );
}
