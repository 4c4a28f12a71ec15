import './register.ts';
import { valorGravamenSchema } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { CatalogScreen, idColumn, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { formatPercent, isoDay } from '../../components/format.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { tiposKey, useAllTipos, type ValorGravamen, valores } from './api.ts';
import { NS, today } from './common.tsx';

const rowId = (v: ValorGravamen) => v.id;
const decimal = (v: string) => v.replace(/[^\d.]/g, '');

interface ValorForm {
  valor: string;
  tipoGravamen: string;
  fechaDesde: string;
  fechaHasta?: string;
}

/** /mantenimiento/ValorGravamen: ID, Valor (%), Tipo Alicuota, Fecha desde, Fecha hasta, Estatus. */
export default function ValorGravamenPage() {
  const { t } = useTranslation(NS);
  const tipos = useAllTipos();
  const tipoName = (id: string) => tipos.data?.find((x) => x.id === id)?.concepto ?? '';
  const columns: DataTableColumn<ValorGravamen>[] = [
    idColumn(t('common.id')),
    {
      id: 'valor',
      header: t('valores.columns.valor'),
      value: (v) => v.valor,
      render: (v) => formatPercent(v.valor),
      align: 'right',
      nowrap: true,
    },
    { id: 'tipo', header: t('valores.columns.tipo'), value: (v) => tipoName(v.tipoGravamen), width: '35%' },
    { id: 'fechaDesde', header: t('valores.columns.fechaDesde'), value: (v) => isoDay(v.fechaDesde) },
    { id: 'fechaHasta', header: t('valores.columns.fechaHasta'), value: (v) => isoDay(v.fechaHasta) },
    statusColumn(t('common.estatus')),
  ];
  return (
    <CatalogScreen<ValorGravamen>
      title={t('valores.title')}
      queryKey={valores.key}
      fetchPage={valores.list}
      columns={columns}
      getRowId={rowId}
      exportName="valores-gravamen"
      nameOf={(v) => `${v.valor} % ${tipoName(v.tipoGravamen)}`.trim()}
      isActive={(v) => v.logEstatusRegistro === 'ACTIVO'}
      toggle={{
        mode: 'confirm',
        inactivate: (v) => valores.inactivate(v.id),
        activate: (v) => valores.activate(v.id),
      }}
      alsoInvalidate={[tiposKey]}
      renderForm={({ row, onClose, onSaved }) => (
        <SchemaFormDialog<ValorForm, ValorGravamen>
          title={row ? t('valores.editTitle') : t('valores.addTitle')}
          schema={valorGravamenSchema}
          defaultValues={{
            valor: row?.valor ?? '',
            tipoGravamen: row?.tipoGravamen ?? '',
            fechaDesde: row?.fechaDesde ?? today(),
            fechaHasta: row?.fechaHasta ?? undefined,
          }}
          fields={() => [
            {
              name: 'tipoGravamen',
              label: t('valores.fields.tipo'),
              kind: 'select',
              required: true,
              options: (tipos.data ?? [])
                .filter((x) => x.logEstatusRegistro === 'ACTIVO' || x.id === row?.tipoGravamen)
                .map((x) => ({ value: x.id, label: `${x.codigo} - ${x.concepto}` })),
            },
            {
              name: 'valor',
              label: t('valores.fields.valor'),
              required: true,
              size: 4,
              mask: decimal,
              inputMode: 'decimal',
            },
            {
              name: 'fechaDesde',
              label: t('valores.fields.fechaDesde'),
              kind: 'date',
              required: true,
              size: 4,
            },
            {
              name: 'fechaHasta',
              label: t('valores.fields.fechaHasta'),
              kind: 'date',
              size: 4,
              emptyAsUndefined: true,
            },
          ]}
          submit={(v) => {
            const body = { ...v, fechaHasta: v.fechaHasta || undefined };
            return row ? valores.update(row.id, body) : valores.create(body);
          }}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}
