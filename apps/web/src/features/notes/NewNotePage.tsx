import './register.ts';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  caracasDate,
  dec,
  money,
  NOTE_CATEGORIES,
  NOTE_CATEGORY_CODES,
  NOTE_MESSAGES,
  NOTE_TYPES,
  type NoteCategoryCode,
  type NoteType,
  totalsInBs,
} from '@sigece/fiscal';
import { useMutation, useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { formatMoney, formatPercent, formatQuantity } from '../../components/format.ts';
import { DocumentPageHeader, LinesCard, TotalsCard } from '../documents/index.ts';
import { fetchInvoices, type InvoiceRow, invoiceDetail } from '../invoices/api.ts';
import { invoiceNumber } from '../invoices/invoiceNumber.ts';
import { addNote, invoiceBalance } from './api.ts';
import { NOTES_PATH } from './NotesPage.tsx';
import {
  draftNote,
  figuresOf,
  invoiceLineRefs,
  leftOf,
  type Marks,
  NOTHING_TAKEN,
  ZERO_FIGURES,
} from './noteDraft.ts';
import { type Figures, noteTotalsRows } from './noteView.tsx';

const usable = (i: { facturaGenerada: string; logEstatusRegistro: string }) =>
  i.facturaGenerada === 'true' && i.logEstatusRegistro === 'ACTIVO';

/** §4.4: the invoice's figures with the note's added (debit) or taken away (credit), to 2 decimals. */
function atIssue(invoice: Figures, note: Figures, tipo: NoteType): Figures {
  const op = (a: string, b: string) => money(tipo === 'Debito' ? dec(a).plus(b) : dec(a).minus(b));
  const rates = new Set(
    [...invoice.lstGravamenes, ...note.lstGravamenes].map((g) => dec(g.alicuota).toFixed(2)),
  );
  const tax = (list: Figures['lstGravamenes'], rate: string) =>
    list.find((g) => dec(g.alicuota).toFixed(2) === rate)?.montoAlicuota ?? '0';
  return {
    subTotal: op(invoice.subTotal, note.subTotal),
    totalExento: op(invoice.totalExento, note.totalExento),
    totalExonerado: op(invoice.totalExonerado, note.totalExonerado),
    montoDescuento: op(invoice.montoDescuento, note.montoDescuento),
    importeTotal: op(invoice.importeTotal, note.importeTotal),
    lstGravamenes: [...rates].map((rate) => ({
      alicuota: rate,
      montoAlicuota: op(tax(invoice.lstGravamenes, rate), tax(note.lstGravamenes, rate)),
    })),
  };
}

/**
 * /facturacion/generales/notas/nota (spec 001 §2.3, §4.3, §4.4, §5.5): a credit or debit note on an
 * active, generated invoice (chosen here or from the invoice list's 'Crear Nota', `?factura=<id>`), its
 * returned quantities or new prices, and the totals computed by the same functions as the server's.
 */
export default function NewNotePage() {
  const { t } = useTranslation('notes');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const facturaId = params.get('factura') ?? '';
  const [search, setSearch] = useState('');
  const [tipo, setTipo] = useState<NoteType | ''>('');
  const [categoria, setCategoria] = useState<NoteCategoryCode | ''>('');
  const [concepto, setConcepto] = useState('');
  const [fecha, setFecha] = useState(() => caracasDate());
  const [serie, setSerie] = useState('');
  const [nroNota, setNroNota] = useState('');
  const [marks, setMarks] = useState<Marks>({});
  const [error, setError] = useState('');

  const options = useQuery({
    queryKey: ['notes', 'invoicePicker', search],
    queryFn: ({ signal }) => fetchInvoices({ page: 1, limit: 20, search }, signal),
    select: (page) => page.results,
  });
  const invoice = useQuery({
    queryKey: ['notes', 'invoice', facturaId],
    queryFn: ({ signal }) => invoiceDetail(facturaId, signal),
    select: (answer) => answer.result,
    enabled: Boolean(facturaId),
  });
  const f = invoice.data && usable(invoice.data) ? invoice.data : null;
  const balance = useQuery({
    queryKey: ['notes', 'balance', facturaId],
    queryFn: ({ signal }) => invoiceBalance(facturaId, signal),
    select: (answer) => answer.result,
    enabled: Boolean(f),
  });
  const taken = balance.data ?? NOTHING_TAKEN;
  const notUsable = Boolean(invoice.data && !f);
  const refs = useMemo(() => (f ? invoiceLineRefs(f) : []), [f]);
  const draft = useMemo(
    () => (tipo ? draftNote(tipo, refs, marks, taken, f?.importeTotal) : null),
    [tipo, refs, marks, taken, f],
  );
  const noteFigures = draft?.priced ? figuresOf(draft.priced.totals) : ZERO_FIGURES;
  const currency = f?.facturaDivisa ?? 'VEF';

  const pick = (row: InvoiceRow | null) => {
    setMarks({});
    setError('');
    if (row && !usable(row)) {
      enqueueSnackbar(translateMessage(NOTE_MESSAGES.invoiceNotUsable), { variant: 'error' });
      return;
    }
    setParams(row ? { factura: row.id } : {}, { replace: true });
  };

  const chooseType = (next: NoteType) => {
    setTipo(next);
    setCategoria('');
    setConcepto('');
    setMarks({});
  };
  const chooseCategory = (next: NoteCategoryCode) => {
    setCategoria(next);
    // §4.3: choosing a category copies its label into the concept.
    if (tipo) setConcepto(NOTE_CATEGORIES[tipo][next]);
  };

  const save = useMutation({
    mutationFn: () => {
      if (!f || !tipo || !categoria || !draft) throw new Error('incomplete');
      const totals = draft.priced?.totals;
      return addNote({
        id_factura: f.id,
        id_localidad: f.id_localidad,
        id_sucursal: f.id_sucursal ?? undefined,
        nroFactura: invoiceNumber(f),
        nroNota: nroNota.trim(),
        serie: serie.trim() || undefined,
        tipo,
        categoria,
        concepto: concepto.trim() || undefined,
        fechaEmision: fecha || undefined,
        facturaDivisa: f.facturaDivisa,
        tasaCambio: f.cambioDivisa ?? undefined,
        subTotal: totals?.subTotal,
        totalExento: totals?.totalExento,
        totalExonerado: totals?.totalExonerado,
        montoDescuento: totals?.montoDescuento,
        importeTotal: totals?.importeTotal,
        lstDetallesNota: draft.marked.map((m) => ({
          posicion: m.posicion,
          codigoProducto: m.line.codigoProducto,
          isDevolucion: true,
          ...(tipo === 'Credito' ? { cantidadDevolucion: m.value } : { precioDevolucion: m.value }),
        })),
        lstGravamenes: totals?.gravamenes.map((g) => ({ ...g })),
      });
    },
    onSuccess: (answer) => {
      notifySuccess(translateMessage(answer.message));
      navigate(NOTES_PATH);
    },
  });

  const submit = () => {
    setError('');
    if (!draft || draft.marked.length === 0) {
      setError(translateMessage(NOTE_MESSAGES.noLines));
      return;
    }
    save.mutate();
  };
  const problems = draft ? Object.keys(draft.problems).length > 0 || draft.overall !== null : false;
  const ready = Boolean(f && tipo && categoria && nroNota.trim()) && !problems;
  const noteLabel = tipo === 'Debito' ? t('new.noteDebit') : t('new.noteCredit');
  const invoiceFigures: Figures | null = f ? { ...f, lstGravamenes: f.lstGravamenes } : null;

  return (
    <Box component="section" aria-labelledby="new-note-title">
      <DocumentPageHeader
        id="new-note-title"
        title={t('new.title')}
        backTo={NOTES_PATH}
        backLabel={t('new.backToList')}
      />

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <Card variant="outlined">
              <CardHeader
                title={t('new.data')}
                slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
              />
              <CardContent sx={{ pt: 0 }}>
                <Grid container spacing={2}>
                  <Grid size={12}>
                    <Autocomplete<InvoiceRow>
                      options={options.data ?? []}
                      value={null}
                      inputValue={search}
                      onInputChange={(_, value, reason) => reason === 'input' && setSearch(value)}
                      onChange={(_, row) => pick(row)}
                      filterOptions={(x) => x}
                      loading={options.isFetching}
                      getOptionLabel={(r) => `${invoiceNumber(r)} · ${r.localidad} · ${r.cliente}`}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      noOptionsText={t('new.noInvoices')}
                      loadingText={t('app:loading')}
                      renderInput={(p) => <TextField {...p} label={t('new.invoiceSearch')} />}
                    />
                  </Grid>
                  {invoice.data && (
                    <Grid size={12} data-testid="note-invoice">
                      {notUsable ? (
                        <Alert severity="error">{translateMessage(NOTE_MESSAGES.invoiceNotUsable)}</Alert>
                      ) : (
                        <Typography variant="body2">
                          <strong>{t('new.invoice')}:</strong> {invoiceNumber(invoice.data)} ·{' '}
                          {invoice.data.nroControl} · {invoice.data.localidaddetalle.nombre} ·{' '}
                          {invoice.data.cliente.identificacion}
                        </Typography>
                      )}
                    </Grid>
                  )}
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      select
                      label={t('new.tipo')}
                      value={tipo}
                      onChange={(e) => chooseType(e.target.value as NoteType)}
                      disabled={!f}
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
                      value={categoria}
                      onChange={(e) => chooseCategory(e.target.value as NoteCategoryCode)}
                      disabled={!tipo}
                    >
                      {tipo &&
                        NOTE_CATEGORY_CODES.map((code) => (
                          <MenuItem key={code} value={code}>
                            {NOTE_CATEGORIES[tipo][code]}
                          </MenuItem>
                        ))}
                    </TextField>
                  </Grid>
                  <Grid size={12}>
                    <TextField
                      label={t('new.concepto')}
                      value={concepto}
                      onChange={(e) => setConcepto(e.target.value)}
                      slotProps={{ htmlInput: { maxLength: 99 } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      type="date"
                      label={t('new.fecha')}
                      value={fecha}
                      onChange={(e) => setFecha(e.target.value)}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 4, sm: 2 }}>
                    <TextField
                      label={t('new.serie')}
                      value={serie}
                      onChange={(e) => setSerie(e.target.value.toUpperCase())}
                      slotProps={{ htmlInput: { maxLength: 2 } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 8, sm: 6 }}>
                    <TextField
                      required
                      label={t('new.nroNota')}
                      value={nroNota}
                      onChange={(e) => setNroNota(e.target.value.replace(/\D/g, ''))}
                      slotProps={{ htmlInput: { maxLength: 9, inputMode: 'numeric' } }}
                    />
                  </Grid>
                </Grid>
              </CardContent>
            </Card>

            {f && !tipo && <Alert severity="info">{t('new.chooseType')}</Alert>}
            {f && tipo && (
              <LinesCard
                title={t('new.detail')}
                lines={refs}
                getKey={(l) => String(l.posicion)}
                emptyText={t('new.noLines')}
                columns={[
                  { id: 'codigo', header: t('lines.codigo'), render: (l) => l.codigoProducto },
                  { id: 'descripcion', header: t('lines.descripcion'), render: (l) => l.descripcion },
                  {
                    id: 'cantidad',
                    header: t('lines.cantidad'),
                    align: 'right',
                    render: (l) => formatQuantity(String(l.cantidad)),
                  },
                  ...(tipo === 'Credito'
                    ? [
                        {
                          id: 'disponible',
                          header: t('lines.disponible'),
                          align: 'right' as const,
                          render: (l: (typeof refs)[number]) => formatQuantity(leftOf(l, taken).toString()),
                        },
                      ]
                    : []),
                  {
                    id: 'precio',
                    header: t('lines.precio'),
                    align: 'right',
                    render: (l) => formatMoney(l.precio, currency),
                  },
                  {
                    id: 'iva',
                    header: t('lines.iva'),
                    align: 'right',
                    render: (l) => (l.exento ? t('lines.exento') : formatPercent(l.alicuota)),
                  },
                  {
                    id: 'valor',
                    header: tipo === 'Credito' ? t('lines.devolucion') : t('lines.nuevoPrecio'),
                    render: (l) => {
                      const problem = draft?.problems[l.posicion];
                      return (
                        <TextField
                          size="small"
                          sx={{ minWidth: 120 }}
                          value={marks[l.posicion] ?? ''}
                          onChange={(e) => setMarks((m) => ({ ...m, [l.posicion]: e.target.value }))}
                          error={Boolean(problem)}
                          helperText={
                            problem
                              ? problem === 'invalid'
                                ? t('new.required')
                                : translateMessage(problem)
                              : undefined
                          }
                          slotProps={{
                            htmlInput: {
                              inputMode: tipo === 'Credito' ? 'numeric' : 'decimal',
                              'aria-label': t(
                                tipo === 'Credito' ? 'lines.devolucionOf' : 'lines.nuevoPrecioOf',
                                {
                                  name: l.descripcion,
                                },
                              ),
                            },
                          }}
                        />
                      );
                    },
                  },
                  {
                    id: 'importe',
                    header: t('lines.importe'),
                    align: 'right',
                    render: (l) => {
                      const i = draft?.marked.findIndex((m) => m.posicion === l.posicion) ?? -1;
                      return i >= 0 && draft?.priced
                        ? formatMoney(draft.priced.lines[i].importe, currency)
                        : '';
                    },
                  },
                ]}
              />
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          {invoiceFigures && tipo && (
            <TotalsCard
              title={t('new.totals')}
              sections={[
                {
                  title: t('new.invoiceTotals'),
                  rows: noteTotalsRows(t, invoiceFigures, currency, 'invoice'),
                },
                {
                  title: t('new.atIssue'),
                  rows: noteTotalsRows(t, atIssue(invoiceFigures, noteFigures, tipo), currency, 'atIssue'),
                },
                {
                  title: noteLabel,
                  tone: 'success',
                  rows: noteTotalsRows(t, noteFigures, currency, 'note', noteLabel),
                },
                // A foreign-currency note also in Bs., at the invoice's rate.
                ...(currency !== 'VEF' && f?.cambioDivisa && draft?.priced
                  ? [
                      {
                        title: t('new.inBs'),
                        rows: noteTotalsRows(
                          t,
                          figuresOf(totalsInBs(draft.priced.totals, f.cambioDivisa)),
                          'VEF',
                          'noteBs',
                          noteLabel,
                        ),
                      },
                    ]
                  : []),
              ]}
            >
              {draft?.overall && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {translateMessage(draft.overall)}
                </Alert>
              )}
              {error && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  Error: {error}
                </Alert>
              )}
              <Button
                fullWidth
                variant="contained"
                sx={{ mt: 2 }}
                startIcon={<SaveOutlined />}
                disabled={!ready}
                loading={save.isPending}
                onClick={submit}
              >
                {t('new.save')}
              </Button>
            </TotalsCard>
          )}
        </Grid>
      </Grid>
    </Box>
  );
}
