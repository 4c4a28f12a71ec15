import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatPercent } from '../../components/format.ts';
import { type LineColumn, LinesCard } from '../documents/index.ts';
import { NS } from './register.ts';
import { type DraftLine, ivaIncurred, ivaWithheld } from './withholdingDraft.ts';

const iva = (l: DraftLine) => (l.kind === 'IVA' ? l.values : null);
const islr = (l: DraftLine) => (l.kind === 'ISLR' ? l.values : null);
const numberOf = (l: DraftLine) =>
  l.kind === 'IVA' ? l.values.nroDocumento || l.values.nroNota : l.values.nroDocumento;

/** The added lines of the draft (spec 002 §2.3): the IVA or the ISLR table, each line removable. */
export function WithholdingLinesCard({
  kind,
  lines,
  tasa,
  onRemove,
}: {
  kind: 'IVA' | 'ISLR';
  lines: DraftLine[];
  tasa: string;
  onRemove: (line: DraftLine) => void;
}) {
  const { t } = useTranslation(NS);
  const right = 'right' as const;
  const common: LineColumn<DraftLine>[] = [
    { id: 'fecha', header: t('line.fechaDocumento'), render: (l) => formatDate(l.values.fechaDocumento) },
    { id: 'nroDocumento', header: t('line.nroDocumento'), render: (l) => l.values.nroDocumento },
    { id: 'nroControl', header: t('line.nroControlDocumento'), render: (l) => l.values.nroControlDocumento },
  ];
  const amounts: LineColumn<DraftLine>[] = [
    {
      id: 'total',
      header: t('line.montoTotalDocumento'),
      align: right,
      render: (l) => formatNumber(l.values.montoTotalDocumento),
    },
    {
      id: 'exento',
      header: t('line.compraExento'),
      align: right,
      render: (l) => formatNumber(l.values.compraExento),
    },
    {
      id: 'base',
      header: t('line.baseImponible'),
      align: right,
      render: (l) => formatNumber(l.values.baseImponible),
    },
  ];
  const columns: LineColumn<DraftLine>[] =
    kind === 'IVA'
      ? [
          { id: 'tipo', header: t('line.tipoTransaccion'), render: (l) => iva(l)?.tipoTransaccion },
          ...common,
          { id: 'nroNota', header: t('line.nroNota'), render: (l) => iva(l)?.nroNota },
          {
            id: 'afectado',
            header: t('line.nroDocumentoAfectado'),
            render: (l) => iva(l)?.nroDocumentoAfectado,
          },
          ...amounts,
          {
            id: 'alicuota',
            header: t('line.alicuota'),
            align: right,
            render: (l) => formatPercent(iva(l)?.alicuota),
          },
          {
            id: 'causado',
            header: t('line.impuestoCausado'),
            align: right,
            render: (l) => {
              const v = iva(l);
              return v ? formatNumber(ivaIncurred(v)) : '';
            },
          },
          {
            id: 'retenido',
            header: t('line.impuestoRetenido'),
            align: right,
            render: (l) => {
              const v = iva(l);
              return v ? formatNumber(ivaWithheld(v, tasa)) : '';
            },
          },
        ]
      : [
          { id: 'concepto', header: t('line.conceptoIslr'), render: (l) => islr(l)?.conceptoIslr },
          ...common,
          ...amounts,
          {
            id: 'retenido',
            header: t('line.causadoRetenido'),
            align: right,
            render: (l) => formatNumber(islr(l)?.causadoRetenido),
          },
        ];
  return (
    <LinesCard<DraftLine>
      title={t('new.lines')}
      lines={lines}
      columns={columns}
      getKey={(l) => l.key}
      emptyText={t('new.noLines')}
      onRemove={onRemove}
      nameOf={(l) => t('line.remove', { nro: numberOf(l) })}
    />
  );
}
