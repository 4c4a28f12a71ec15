import './i18n.ts';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CONTROL_FAMILIES } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { useCompanyOptions } from '../../companies/api.ts';
import { type AssignmentRow, downloadRegister, fetchRegisterPage, type RegisterFilters } from './api.ts';
import { REPORTS_REGISTER_NS } from './i18n.ts';

/**
 * The register of assignments of control numbers (Providencia SNAT/2024/000102 art. 32 as
 * read): every lot assigned to every issuer, newest first, searchable and paged on the server, downloadable.
 */
export function AssignmentRegister() {
  const { t } = useTranslation(REPORTS_REGISTER_NS);
  const companies = useCompanyOptions();
  const [filters, setFilters] = useState<RegisterFilters>({});
  const download = useMutation({ mutationFn: (f: 'CSV' | 'XLSX') => downloadRegister(filters, f) });
  const columns: DataTableColumn<AssignmentRow>[] = [
    { id: 'empresa', header: t('columns.empresa'), value: (r) => `${r.empresa} (${r.empresaRif})` },
    { id: 'sucursal', header: t('columns.sucursal'), value: (r) => r.sucursal ?? '' },
    { id: 'familia', header: t('columns.familia'), value: (r) => t(`familias.${r.familia}`) },
    { id: 'serie', header: t('columns.serie'), value: (r) => r.serie, code: true },
    { id: 'desde', header: t('columns.desde'), value: (r) => r.nroControlDesde, code: true, nowrap: true },
    { id: 'hasta', header: t('columns.hasta'), value: (r) => r.nroControlHasta, code: true, nowrap: true },
    { id: 'cantidad', header: t('columns.cantidad'), value: (r) => r.cantidad, align: 'right' },
    { id: 'usados', header: t('columns.usados'), value: (r) => r.usados, align: 'right' },
    { id: 'estatus', header: t('columns.estatus'), value: (r) => r.estatus },
    { id: 'fecha', header: t('columns.fecha'), value: (r) => r.fechaAsignacionTexto, nowrap: true },
    { id: 'asignadoPor', header: t('columns.asignadoPor'), value: (r) => r.asignadoPor },
  ];
  return (
    <DataTable<AssignmentRow>
      title={t('title')}
      queryKey={['reportes', 'registroAsignaciones', filters]}
      fetchPage={(q, signal) => fetchRegisterPage(filters, q, signal)}
      columns={columns}
      getRowId={(r) => r.id}
      isInactive={(r) => r.estatus === 'AGOTADO'}
      exportName="RegistroAsignaciones"
      resetKey={filters}
      toolbar={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('empresa')}
            sx={{ minWidth: 220 }}
            value={filters.id_localidad ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, id_localidad: e.target.value || undefined }))}
          >
            <MenuItem value="">{t('todas')}</MenuItem>
            {(companies.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.nombre}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('familia')}
            sx={{ minWidth: 180 }}
            value={filters.familia ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, familia: e.target.value || undefined }))}
          >
            <MenuItem value="">{t('todas')}</MenuItem>
            {CONTROL_FAMILIES.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`familias.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" disabled={download.isPending} onClick={() => download.mutate('CSV')}>
            {t('downloadCsv')}
          </Button>
          <Button variant="outlined" disabled={download.isPending} onClick={() => download.mutate('XLSX')}>
            {t('downloadXlsx')}
          </Button>
        </Stack>
      }
    />
  );
}
