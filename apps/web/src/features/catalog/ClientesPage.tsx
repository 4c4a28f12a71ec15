import './register.ts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogScreen, statusColumn } from '../../components/CatalogScreen.tsx';
import {
  type Client,
  ClientCard,
  ClientFormDialog,
  clientsKey,
  fetchClients,
  toggleClientStatus,
} from '../../components/ClientPicker/index.ts';
import type { DataTableColumn, DataTableQuery } from '../../components/DataTable/index.ts';
import { useCompanyOptions } from './api.ts';
import { NS } from './common.tsx';
import { clientFallbacks } from './fallbacks.ts';

const rowId = (c: Client) => c.id;

/**
 * /seguridad/clientes: Documento, Nombre, Correo, Teléfono, Razón social, Estatus; add and edit with the
 * client rules of spec 002 §5; inactivate (confirmation) and activate.
 */
export default function ClientesPage() {
  const { t } = useTranslation(NS);
  const companies = useCompanyOptions();
  const [localidad, setLocalidad] = useState('');
  const companyName = (id: string) => companies.data?.find((c) => c.id === id)?.nombre ?? '';
  const fetchPage = useCallback(
    (q: DataTableQuery, signal?: AbortSignal) =>
      fetchClients({ ...q, localidad: localidad || undefined }, signal),
    [localidad],
  );
  const columns: DataTableColumn<Client>[] = [
    {
      id: 'documento',
      header: t('clientes.columns.documento'),
      value: (c) => `${c.tipoDocumento}-${c.numeroDocumento}`,
      nowrap: true,
    },
    { id: 'nombre', header: t('clientes.columns.nombre'), value: (c) => c.identificacion, width: '25%' },
    { id: 'correo', header: t('clientes.columns.correo'), value: (c) => c.correo ?? '' },
    { id: 'telefono', header: t('clientes.columns.telefono'), value: (c) => c.telefonoMovil ?? '' },
    {
      id: 'razonSocial',
      header: t('clientes.columns.razonSocial'),
      value: (c) => companyName(c.id_localidad),
    },
    statusColumn(t('common.estatus')),
  ];
  return (
    <CatalogScreen<Client>
      title={t('clientes.title')}
      queryKey={[...clientsKey, 'list', { localidad }]}
      fetchPage={fetchPage}
      columns={columns}
      getRowId={rowId}
      exportName="clientes"
      searchPlaceholder={t('clientes.searchPlaceholder')}
      nameOf={(c) => c.etiqueta}
      isActive={(c) => c.logEstatusRegistro === 'ACTIVO'}
      renderDetail={(c) => <ClientCard client={c} />}
      toggle={{
        mode: 'confirm',
        inactivate: (c) => toggleClientStatus(c.id),
        activate: (c) => toggleClientStatus(c.id),
      }}
      alsoInvalidate={[clientsKey]}
      errorFallbacks={clientFallbacks}
      toolbar={
        (companies.data?.length ?? 0) > 1 && (
          <TextField
            select
            size="small"
            label={t('clientes.filter')}
            value={localidad}
            onChange={(e) => setLocalidad(e.target.value)}
            fullWidth={false}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t('clientes.allCompanies')}</MenuItem>
            {(companies.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.nombre}
              </MenuItem>
            ))}
          </TextField>
        )
      }
      renderForm={({ row, onClose, onSaved }) => (
        <ClientFormDialog
          client={row}
          localidadId={row ? undefined : localidad || undefined}
          companies={companies.data ?? []}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    />
  );
}
