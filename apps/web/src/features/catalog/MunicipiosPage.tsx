import './register.ts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { municipioSchema } from '@sigece/fiscal';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogScreen } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn, DataTableQuery } from '../../components/DataTable/index.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { estados, type Municipio, municipios, useAllOf } from './api.ts';
import { NS } from './common.tsx';

const rowId = (m: Municipio) => m.id;

/** /mantenimiento/Municipio (spec 002 §2.10): Nombre, Codigo, with a state filter. */
export default function MunicipiosPage() {
  const { t } = useTranslation(NS);
  const [estado, setEstado] = useState('');
  const states = useAllOf(estados);
  const stateName = (id: string) => states.data?.find((e) => e.id === id)?.nombre ?? '';
  const fetchPage = useCallback(
    (q: DataTableQuery, signal?: AbortSignal) =>
      municipios.list({ ...q, estado: estado || undefined }, signal),
    [estado],
  );
  const columns: DataTableColumn<Municipio>[] = [
    { id: 'nombre', header: t('municipios.columns.nombre'), value: (m) => m.nombre, width: '40%' },
    { id: 'codigo', header: t('municipios.columns.codigo'), value: (m) => m.codigo ?? '' },
    { id: 'estado', header: t('municipios.columns.estado'), value: (m) => stateName(m.estado) },
  ];
  return (
    <CatalogScreen<Municipio>
      title={t('municipios.title')}
      queryKey={[...municipios.key, { estado }]}
      fetchPage={fetchPage}
      columns={columns}
      getRowId={rowId}
      exportName="municipios"
      nameOf={(m) => m.nombre}
      isActive={(m) => m.logEstatusRegistro === 'ACTIVO'}
      toggle={{
        mode: 'confirm',
        inactivate: (m) => municipios.inactivate(m.id),
        activate: (m) => municipios.activate(m.id),
      }}
      alsoInvalidate={[municipios.key]}
      toolbar={
        <TextField
          select
          size="small"
          label={t('municipios.filter')}
          value={estado}
          onChange={(e) => setEstado(e.target.value)}
          fullWidth={false}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('common.allStates')}</MenuItem>
          {(states.data ?? []).map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {e.nombre}
            </MenuItem>
          ))}
        </TextField>
      }
      renderForm={({ row, onClose, onSaved }) => (
        <SchemaFormDialog<{ nombre: string; estado: string; codigo: string }, Municipio>
          title={row ? t('municipios.editTitle') : t('municipios.addTitle')}
          schema={municipioSchema}
          defaultValues={{
            nombre: row?.nombre ?? '',
            estado: row?.estado ?? estado,
            codigo: row?.codigo ?? '',
          }}
          fields={() => [
            {
              name: 'estado',
              label: t('municipios.fields.estado'),
              kind: 'select',
              required: true,
              options: (states.data ?? [])
                .filter((e) => e.logEstatusRegistro === 'ACTIVO' || e.id === row?.estado)
                .map((e) => ({ value: e.id, label: e.nombre })),
            },
            { name: 'nombre', label: t('municipios.fields.nombre'), required: true, size: 8 },
            { name: 'codigo', label: t('municipios.fields.codigo'), size: 4, maxLength: 10 },
          ]}
          submit={(v) => (row ? municipios.update(row.id, v) : municipios.create(v))}
          onSaved={onSaved}
          onClose={onClose}
        />
      )}
    />
  );
}
