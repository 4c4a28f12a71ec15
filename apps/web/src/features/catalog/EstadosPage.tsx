import './register.ts';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { estadoSchema } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchAllPages } from '../../app/api.ts';
import { CatalogScreen } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { type Estado, estados, municipios, paises, useAllOf } from './api.ts';
import { NS } from './common.tsx';

const rowId = (e: Estado) => e.id;

/** /mantenimiento/Estado (spec 002 §2.10): Nombre, iso_3166-2; the detail lists its municipalities. */
export default function EstadosPage() {
  const { t } = useTranslation(NS);
  const columns: DataTableColumn<Estado>[] = [
    { id: 'nombre', header: t('estados.columns.nombre'), value: (e) => e.nombre, width: '50%' },
    { id: 'iso', header: t('estados.columns.iso'), value: (e) => e.iso ?? '' },
  ];
  return (
    <CatalogScreen<Estado>
      title={t('estados.title')}
      queryKey={estados.key}
      fetchPage={estados.list}
      columns={columns}
      getRowId={rowId}
      exportName="estados"
      nameOf={(e) => e.nombre}
      isActive={(e) => e.logEstatusRegistro === 'ACTIVO'}
      renderDetail={(e) => <EstadoDetail estado={e} />}
      toggle={{
        mode: 'confirm',
        inactivate: (e) => estados.inactivate(e.id),
        activate: (e) => estados.activate(e.id),
      }}
      alsoInvalidate={[[...estados.key, 'all']]}
      renderForm={({ row, onClose, onSaved }) => <EstadoForm row={row} onClose={onClose} onSaved={onSaved} />}
    />
  );
}

function EstadoForm({
  row,
  onClose,
  onSaved,
}: {
  row?: Estado;
  onClose: () => void;
  onSaved: (e: Estado, message: string) => void;
}) {
  const { t } = useTranslation(NS);
  const countries = useAllOf(paises);
  const options = (countries.data ?? [])
    .filter((p) => p.logEstatusRegistro === 'ACTIVO' || p.id === row?.pais)
    .map((p) => ({ value: p.id, label: p.nombre }));
  const venezuela = (countries.data ?? []).find((p) => p.iso === 'VE' || p.iso === 'VEN');
  return (
    <SchemaFormDialog<{ nombre: string; pais: string; iso: string }, Estado>
      key={countries.isSuccess ? 'ready' : 'loading'}
      title={row ? t('estados.editTitle') : t('estados.addTitle')}
      schema={estadoSchema}
      defaultValues={{
        nombre: row?.nombre ?? '',
        pais: row?.pais ?? venezuela?.id ?? '',
        iso: row?.iso ?? '',
      }}
      fields={() => [
        { name: 'pais', label: t('estados.fields.pais'), kind: 'select', required: true, options },
        { name: 'nombre', label: t('estados.fields.nombre'), required: true, size: 8 },
        { name: 'iso', label: t('estados.fields.iso'), size: 4, maxLength: 6 },
      ]}
      submit={(v) => (row ? estados.update(row.id, v) : estados.create(v))}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
}

/** The state's municipalities, or 'Sin Sucursales' (the spec's wording). */
function EstadoDetail({ estado }: { estado: Estado }) {
  const { t } = useTranslation(NS);
  const list = useQuery({
    queryKey: [...municipios.key, 'ofEstado', estado.id],
    queryFn: ({ signal }) =>
      fetchAllPages((page, limit) => municipios.list({ page, limit, search: '', estado: estado.id }, signal)),
    staleTime: 30_000,
  });
  if (list.isPending) return <Typography variant="body2">{t('app:loading')}</Typography>;
  const rows = list.data ?? [];
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('estados.municipios')}</Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('estados.noMunicipios')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {rows.map((m) => (
            <Chip
              key={m.id}
              size="small"
              variant="outlined"
              label={m.nombre}
              sx={m.logEstatusRegistro === 'INACTIVO' ? { opacity: 0.5 } : undefined}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
