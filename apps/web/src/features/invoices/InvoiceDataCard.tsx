import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../components/format.ts';
import { SectionCard } from '../documents/index.ts';
import type { InvoiceCompany } from './api.ts';
import {
  type Draft,
  INVOICE_CURRENCIES,
  INVOICE_MODELS,
  type InvoiceCurrency,
  type InvoiceModel,
  type RateOf,
  SALE_TYPES,
  type SaleType,
  SERIES_MAX,
} from './draft.ts';

/** 'Datos de la Factura' (spec 001 §2.1): currency, company and branch, model, sale type, series and number, third-party account. */
export function InvoiceDataCard({
  draft,
  patch,
  companies,
  companiesLoading,
  company,
  branches,
  rateOf,
  linesLocked,
  automatic,
  automaticNumber,
  nextNumber,
  nextNumberLoading,
  lastNumber,
  numberError,
  canSeparateSeries,
  thirdPartyEnabled,
  onThirdParty,
}: {
  draft: Draft;
  patch: (next: Partial<Draft>) => void;
  companies: InvoiceCompany[];
  companiesLoading: boolean;
  company: InvoiceCompany | undefined;
  branches: InvoiceCompany['lstSucursales'];
  rateOf: RateOf;
  linesLocked: boolean;
  automatic: boolean;
  automaticNumber: boolean;
  nextNumber: { serie: string; nroFactura: string } | undefined;
  nextNumberLoading: boolean;
  /** Manual numbering: the last number this company used (null: none yet). */
  lastNumber: string | null | undefined;
  numberError: string | null;
  canSeparateSeries: boolean;
  thirdPartyEnabled: boolean;
  onThirdParty: () => void;
}) {
  const { t } = useTranslation('invoices');
  const saleTypeId = useId();
  const lockedHelp = linesLocked ? t('data.lockedByLines') : undefined;
  const rate = draft.divisa !== 'VEF' ? rateOf(draft.divisa) : null;
  const numberValue = automaticNumber && nextNumber ? nextNumber.nroFactura : draft.nroFactura;

  return (
    <SectionCard title={t('data.title')} sx={{ height: '100%' }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label={t('data.divisa')}
            value={draft.divisa}
            disabled={linesLocked}
            onChange={(e) => patch({ divisa: e.target.value as InvoiceCurrency, tipoColetilla: false })}
            helperText={
              lockedHelp ??
              (draft.divisa !== 'VEF'
                ? rate
                  ? `${t('data.rate')} ${formatRate(rate)}`
                  : t('data.noRate')
                : undefined)
            }
            error={draft.divisa !== 'VEF' && !rate}
          >
            {INVOICE_CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`currencies.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            required
            label={t('data.localidad')}
            value={company ? draft.localidadId : ''}
            disabled={linesLocked}
            helperText={
              lockedHelp ??
              (companiesLoading
                ? t('app:loading')
                : companies.length === 0
                  ? t('documents:filter.noCompanies')
                  : undefined)
            }
            onChange={(e) =>
              patch({
                localidadId: e.target.value,
                sucursalId: '',
                tercero: null,
                nroFactura: '',
                cliente: null,
              })
            }
          >
            {companies.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.nombre} ({c.rif})
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {branches.length > 0 && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              label={t('data.sucursal')}
              value={draft.sucursalId}
              onChange={(e) => patch({ sucursalId: e.target.value, nroFactura: '' })}
            >
              <MenuItem value="">
                <em>{t('data.noBranch')}</em>
              </MenuItem>
              {branches.map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.codigoSucursal} - {b.nombre}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label={t('data.modelo')}
            value={draft.modelo}
            onChange={(e) => patch({ modelo: e.target.value as InvoiceModel })}
          >
            {INVOICE_MODELS.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`models.${m}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={12}>
          <FormControl required>
            <FormLabel id={saleTypeId} sx={{ typography: 'body2' }}>
              {t('data.tipoVenta')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={saleTypeId}
              value={draft.tipoVenta}
              onChange={(e) => patch({ tipoVenta: e.target.value as SaleType })}
            >
              {SALE_TYPES.map((s) => (
                <FormControlLabel
                  key={s}
                  value={s}
                  control={<Radio size="small" />}
                  label={t(`saleTypes.${s}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>
          <TextField
            label={t('data.serie')}
            value={draft.serie}
            onChange={(e) => patch({ serie: e.target.value.toUpperCase().slice(0, SERIES_MAX) })}
            slotProps={{ htmlInput: { maxLength: SERIES_MAX } }}
          />
        </Grid>
        {draft.separaSerie && (
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField
              label={t('data.serieNrofactura')}
              value={draft.serieNrofactura}
              onChange={(e) => patch({ serieNrofactura: e.target.value.toUpperCase().slice(0, SERIES_MAX) })}
              slotProps={{ htmlInput: { maxLength: SERIES_MAX } }}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label={t('data.nroFactura')}
            value={numberValue}
            required={!automaticNumber}
            disabled={automaticNumber || (automatic && nextNumberLoading)}
            onChange={(e) => patch({ nroFactura: e.target.value.replace(/\s/g, '').slice(0, 20) })}
            error={numberError !== null}
            helperText={
              numberError ??
              (automaticNumber
                ? t('data.automaticNumber')
                : lastNumber === undefined
                  ? undefined
                  : lastNumber
                    ? t('data.lastNumber', { nro: lastNumber })
                    : t('data.noLastNumber'))
            }
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
        </Grid>
        {canSeparateSeries && (
          <Grid size={12}>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.separaSerie}
                  onChange={(e) => patch({ separaSerie: e.target.checked, serieNrofactura: '' })}
                />
              }
              label={t('data.separaSerie')}
            />
          </Grid>
        )}
        <Grid size={12}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<SupervisorAccountOutlined />}
              disabled={!thirdPartyEnabled}
              onClick={onThirdParty}
            >
              {t('thirdParty.button')}
            </Button>
            {draft.tercero && (
              <Chip
                label={`${draft.tercero.rifPrestador} · ${draft.tercero.nombrePrestador}`}
                onDelete={() => patch({ tercero: null })}
                deleteIcon={
                  <Tooltip title={t('thirdParty.clear')}>
                    <DeleteOutline aria-label={t('thirdParty.clear')} />
                  </Tooltip>
                }
              />
            )}
          </Stack>
        </Grid>
      </Grid>
    </SectionCard>
  );
}
