import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NOTE_CATEGORIES,
  NOTE_CATEGORY_CODES,
  NOTE_MESSAGES,
  NOTE_TYPES,
  type NoteCategoryCode,
  type NoteType,
} from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { SectionCard } from '../documents/index.ts';
import { fetchInvoices, type InvoiceDetail, type InvoiceRow } from '../invoices/api.ts';
import { invoiceNumber } from '../invoices/invoiceNumber.ts';
import type { NoteHead } from './noteDraft.ts';

/**
 * The note data card (spec 001 §2.3): the invoice picker (server search of the invoice list), then type,
 * category (its label becomes the concept), concept, issue date, series and note number.
 */
export function NoteDataCard({
  invoice,
  usableInvoice,
  onPick,
  head,
  patch,
  onType,
  onCategory,
}: {
  invoice: InvoiceDetail | undefined;
  usableInvoice: boolean;
  onPick: (row: InvoiceRow | null) => void;
  head: NoteHead;
  patch: (next: Partial<NoteHead>) => void;
  onType: (tipo: NoteType) => void;
  onCategory: (categoria: NoteCategoryCode) => void;
}) {
  const { t } = useTranslation('notes');
  const [search, setSearch] = useState('');
  const options = useQuery({
    queryKey: ['notes', 'invoicePicker', search],
    queryFn: ({ signal }) => fetchInvoices({ page: 1, limit: 20, search }, signal),
    select: (page) => page.results,
  });
  return (
    <SectionCard title={t('new.data')}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <Autocomplete<InvoiceRow>
            options={options.data ?? []}
            value={null}
            inputValue={search}
            onInputChange={(_, value, reason) => reason === 'input' && setSearch(value)}
            onChange={(_, row) => onPick(row)}
            filterOptions={(x) => x}
            loading={options.isFetching}
            getOptionLabel={(r) => `${invoiceNumber(r)} · ${r.localidad} · ${r.cliente}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('new.noInvoices')}
            loadingText={t('app:loading')}
            renderInput={(p) => <TextField {...p} label={t('new.invoiceSearch')} />}
          />
        </Grid>
        {invoice && (
          <Grid size={12} data-testid="note-invoice">
            {!usableInvoice ? (
              <Alert severity="error">{translateMessage(NOTE_MESSAGES.invoiceNotUsable)}</Alert>
            ) : (
              <Typography variant="body2">
                <strong>{t('new.invoice')}:</strong> {invoiceNumber(invoice)} · {invoice.nroControl} ·{' '}
                {invoice.localidaddetalle.nombre} · {invoice.cliente.identificacion}
              </Typography>
            )}
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            select
            label={t('new.tipo')}
            value={head.tipo}
            onChange={(e) => onType(e.target.value as NoteType)}
            disabled={!usableInvoice}
          >
            {NOTE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            select
            label={t('new.categoria')}
            value={head.categoria}
            onChange={(e) => onCategory(e.target.value as NoteCategoryCode)}
            disabled={!head.tipo}
          >
            {head.tipo &&
              NOTE_CATEGORY_CODES.map((code) => (
                <MenuItem key={code} value={code}>
                  {NOTE_CATEGORIES[head.tipo as NoteType][code]}
                </MenuItem>
              ))}
          </TextField>
        </Grid>
        <Grid size={12}>
          <TextField
            label={t('new.concepto')}
            value={head.concepto}
            onChange={(e) => patch({ concepto: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 99 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <DateField
            label={t('new.fecha')}
            value={head.fecha}
            onChange={(e) => patch({ fecha: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 4, sm: 2 }}>
          <TextField
            label={t('new.serie')}
            value={head.serie}
            onChange={(e) => patch({ serie: e.target.value.toUpperCase() })}
            slotProps={{ htmlInput: { maxLength: 2 } }}
          />
        </Grid>
        <Grid size={{ xs: 8, sm: 6 }}>
          <TextField
            required
            label={t('new.nroNota')}
            value={head.nroNota}
            onChange={(e) => patch({ nroNota: e.target.value.replace(/\D/g, '') })}
            slotProps={{ htmlInput: { maxLength: 9, inputMode: 'numeric' } }}
          />
        </Grid>
      </Grid>
    </SectionCard>
  );
}
