import './register.ts';
import { divisaSchema } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { CatalogScreen } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { DetailList } from '../../components/DetailList.tsx';
import { DateText } from '../../components/Display.tsx';
import { isoDay } from '../../components/format.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { type Divisa, type DivisaBody, divisas, tasasKey } from './api.ts';
import { BcvButtons } from './BcvButtons.tsx';
import { NS, RateText } from './common.tsx';

const rowId = (d: Divisa) => d.id;
const letters3 = (v: string) =>
  v
    .replace(/[^a-z]/gi, '')
    .toUpperCase()
    .slice(0, 3);

/** /mantenimiento/Divisa (spec 000 §2 "Currencies table"): Nombre, Siglas, Valor, Simbolo, Fecha Valor. */
export default function DivisasPage() {
  const { t } = useTranslation(NS);
  const columns: DataTableColumn<Divisa>[] = [
    { id: 'nombre', header: t('divisas.columns.nombre'), value: (d) => d.nombre, width: '30%' },
    { id: 'iso', header: t('divisas.columns.iso'), value: (d) => d.iso, width: 90 },
    {
      id: 'valor',
      header: t('divisas.columns.valor'),
      align: 'right',
      value: (d) => d.valor ?? '',
      render: (d) => (d.valor ? <RateText value={d.valor} /> : '—'),
    },
    { id: 'simbolo', header: t('divisas.columns.simbolo'), value: (d) => d.simbolo, width: 90 },
    { id: 'fechaValor', header: t('divisas.columns.fechaValor'), value: (d) => isoDay(d.fechaValor) },
  ];
  return (
    <CatalogScreen<Divisa>
      title={t('divisas.title')}
      queryKey={divisas.key}
      fetchPage={divisas.list}
      columns={columns}
      getRowId={rowId}
      exportName="divisas"
      nameOf={(d) => `${d.iso} - ${d.nombre}`}
      isActive={(d) => d.logEstatusRegistro === 'ACTIVO'}
      renderDetail={(d) => <DivisaDetail divisa={d} />}
      toolbar={<BcvButtons invalidate={[divisas.key, tasasKey]} />}
      toggle={{
        mode: 'confirm',
        inactivate: (d) => divisas.inactivate(d.id),
        activate: (d) => divisas.activate(d.id),
      }}
      renderForm={({ row, onClose, onSaved }) => (
        <SchemaFormDialog<Omit<DivisaBody, 'decimales'> & { decimales: string }, Divisa>
          title={row ? t('divisas.editTitle') : t('divisas.addTitle')}
          schema={divisaSchema}
          defaultValues={{
            nombre: row?.nombre ?? '',
            iso: row?.iso ?? '',
            simbolo: row?.simbolo ?? '',
            decimales: String(row?.decimales ?? 2),
          }}
          fields={() => [
            { name: 'nombre', label: t('divisas.fields.nombre'), required: true, maxLength: 60 },
            { name: 'iso', label: t('divisas.fields.iso'), required: true, size: 4, mask: letters3 },
            { name: 'simbolo', label: t('divisas.fields.simbolo'), required: true, size: 4, maxLength: 10 },
            {
              name: 'decimales',
              label: t('divisas.fields.decimales'),
              size: 4,
              kind: 'select',
              options: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ value: String(n), label: String(n) })),
            },
          ]}
          submit={(v) => {
            const body = { ...v, decimales: Number(v.decimales) };
            return row ? divisas.update(row.id, body) : divisas.create(body);
          }}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}

/** Registration date, user, and modification date or 'No ha sido modificado!'. */
function DivisaDetail({ divisa }: { divisa: Divisa }) {
  const { t } = useTranslation(NS);
  return (
    <DetailList
      rows={[
        [t('common.registered'), <DateText key="r" value={divisa.logFechaRegistro} withTime />],
        [t('common.user'), divisa.logUsername],
        [
          t('common.modified'),
          divisa.logFechaModificacion ? (
            <DateText key="m" value={divisa.logFechaModificacion} withTime />
          ) : (
            t('common.notModified')
          ),
        ],
      ]}
    />
  );
}
