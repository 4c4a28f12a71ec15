import './i18n.ts';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type PortalDocumentRow, TIPOS_DOC } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../app/notify.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { formatDateTime, formatNumber } from '../../components/format.ts';
import {
  compact,
  downloadPortalPdf,
  fetchPortalCompanies,
  fetchPortalDocuments,
  type PortalFilters,
  portalKey,
} from './api.ts';
import { PORTAL_NS } from './i18n.ts';

const rowId = (r: PortalDocumentRow) => `${r.tipoDoc}:${r.id}`;

/**
 * The portal SENIAT: the tax authority reads, across every company, the fiscal data of
 * every numbered document and downloads its signed PDF. Read only: the screen offers no action that writes.
 */
export default function PortalPage() {
  const { t } = useTranslation(PORTAL_NS);
  const [filters, setFilters] = useState<PortalFilters>({});
  const set = (patch: PortalFilters) => setFilters((f) => ({ ...f, ...patch }));
  const companies = useQuery({
    queryKey: ['portal', 'empresas'],
    queryFn: ({ signal }) => fetchPortalCompanies(signal),
  });
  const inverted = Boolean(filters.fechaInicio && filters.fechaFin && filters.fechaInicio > filters.fechaFin);
  const applied = useMemo(() => (inverted ? {} : compact(filters)), [filters, inverted]);
  const fetchPage = useMemo(() => fetchPortalDocuments(applied), [applied]);

  const money = (v: string) => formatNumber(v);
  const columns: DataTableColumn<PortalDocumentRow>[] = [
    {
      id: 'fechaEmision',
      header: t('columns.fechaEmision'),
      value: (r) => formatDateTime(r.fechaEmision),
      nowrap: true,
    },
    {
      id: 'nroControl',
      header: t('columns.nroControl'),
      value: (r) => r.nroControl,
      nowrap: true,
      code: true,
    },
    { id: 'numero', header: t('columns.numero'), value: (r) => r.numero, nowrap: true, code: true },
    { id: 'tipo', header: t('columns.tipo'), value: (r) => r.tipo },
    { id: 'emisor', header: t('columns.emisor'), value: (r) => r.emisor },
    { id: 'emisorRif', header: t('columns.emisorRif'), value: (r) => r.emisorRif, nowrap: true },
    { id: 'emisorDireccion', header: t('columns.emisorDireccion'), value: (r) => r.emisorDireccion },
    { id: 'cliente', header: t('columns.cliente'), value: (r) => r.cliente },
    { id: 'clienteRif', header: t('columns.clienteRif'), value: (r) => r.clienteRif, nowrap: true },
    { id: 'clienteDireccion', header: t('columns.clienteDireccion'), value: (r) => r.clienteDireccion },
    {
      id: 'baseImponible',
      header: t('columns.baseImponible'),
      value: (r) => money(r.baseImponible),
      align: 'right',
      nowrap: true,
    },
    {
      id: 'impuesto',
      header: t('columns.impuesto'),
      value: (r) => money(r.impuesto),
      align: 'right',
      nowrap: true,
    },
    { id: 'total', header: t('columns.total'), value: (r) => money(r.total), align: 'right', nowrap: true },
    {
      id: 'estatus',
      header: t('columns.estatus'),
      value: (r) => t(`estatus.${r.estatus}`, { defaultValue: r.estatus }),
    },
    {
      id: 'pdf',
      header: t('columns.pdf'),
      noExport: true,
      actions: true,
      render: (r) =>
        r.pdf ? (
          <Tooltip title={t('download')}>
            <IconButton
              size="small"
              aria-label={`${t('download')} ${r.nroControl}`}
              onClick={() => downloadPortalPdf(r.tipoDoc, r.id).catch(notifyError)}
            >
              <DownloadOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          t('notGenerated')
        ),
    },
  ];

  const toolbar = (
    <Grid container spacing={2} sx={{ mb: 1 }}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('filters.company')}
          value={filters.id_localidad ?? ''}
          onChange={(e) => set({ id_localidad: e.target.value })}
        >
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {(companies.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.nombre} ({c.rif})
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('filters.tipoDoc')}
          value={filters.tipoDoc ?? ''}
          onChange={(e) => set({ tipoDoc: e.target.value })}
        >
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {TIPOS_DOC.map((tipo) => (
            <MenuItem key={tipo} value={tipo}>
              {t(`tipos.${tipo}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          fullWidth
          size="small"
          label={t('filters.rif')}
          value={filters.rif ?? ''}
          onChange={(e) => set({ rif: e.target.value.slice(0, 12) })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          fullWidth
          size="small"
          label={t('filters.nroControl')}
          value={filters.nroControl ?? ''}
          onChange={(e) => set({ nroControl: e.target.value.slice(0, 30) })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          fullWidth
          size="small"
          type="date"
          label={t('filters.fechaInicio')}
          slotProps={{ inputLabel: { shrink: true } }}
          value={filters.fechaInicio ?? ''}
          error={inverted}
          helperText={inverted ? t('filters.datesInverted') : undefined}
          onChange={(e) => set({ fechaInicio: e.target.value })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          fullWidth
          size="small"
          type="date"
          label={t('filters.fechaFin')}
          slotProps={{ inputLabel: { shrink: true } }}
          value={filters.fechaFin ?? ''}
          onChange={(e) => set({ fechaFin: e.target.value })}
        />
      </Grid>
    </Grid>
  );

  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <DataTable<PortalDocumentRow>
        title={t('title')}
        queryKey={[...portalKey, applied]}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={rowId}
        isInactive={(r) => r.estatus === 'ANULADO'}
        toolbar={toolbar}
        resetKey={applied}
        exportName="portal-seniat-documentos"
        searchPlaceholder={t('search')}
      />
    </Stack>
  );
}
