import './register.ts';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { dec } from '@sigece/fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.ts';
import { type Client, ClientPicker } from '../../components/ClientPicker/index.ts';
import { AddPaymentDialog, type PaymentCurrencyOption } from './AddPaymentDialog.tsx';
import { AddProductDialog } from './AddProductDialog.tsx';
import {
  createInvoice,
  type InvoiceCompany,
  invoicesKey,
  nextInvoiceNumber,
  useBanks,
  useCurrencies,
  useInvoiceCompanies,
} from './api.ts';
import {
  addLine,
  buildPayload,
  canGenerate,
  type Draft,
  type DraftPayment,
  draftTotals,
  emptyDraft,
  INVOICE_CURRENCIES,
  INVOICE_MODELS,
  type InvoiceCurrency,
  type InvoiceModel,
  isSettled,
  type RateOf,
  SALE_TYPES,
  type SaleType,
  SERIES_MAX,
  showAmount,
  showRate,
} from './draft.ts';
import { ObservationDialog } from './ObservationDialog.tsx';
import { ThirdPartyDialog } from './ThirdPartyDialog.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';

export const NEW_INVOICE_PATH = '/facturacion/generales/facturaGeneral';
const INVOICES_PATH = '/facturacion/generales';

const automaticMode = (mode: string | undefined) => mode === 'GLOBAL' || mode === 'INDIVIDUAL';

/**
 * /facturacion/generales/facturaGeneral (spec 001 §2.1, §4.1, §4.2, §4.4, §5.1–5.4): the new general
 * or service invoice. Totals come from the rules of @sigece/fiscal; the invoice goes to POST
 * masivafacturacion wrapped in an array. Permission keys: AsignaSerieNroFacturas (separate-series
 * switch), cuentaTerceros (third-party account button).
 */
export default function NewInvoicePage() {
  const { t } = useTranslation('invoices');
  const can = usePermission(NEW_INVOICE_PATH);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [dialog, setDialog] = useState<'product' | 'payment' | 'observation' | 'thirdParty' | null>(null);
  const patch = useCallback((next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next })), []);

  const companies = useInvoiceCompanies();
  const currencies = useCurrencies();
  const banks = useBanks();

  const activeCompanies = (companies.data ?? []).filter((c) => c.logEstatusRegistro !== 'INACTIVO');
  const company: InvoiceCompany | undefined = activeCompanies.find((c) => c.id === draft.localidadId);
  const branches = (company?.lstSucursales ?? []).filter((b) => b.logEstatusRegistro !== 'INACTIVO');
  const branch = branches.find((b) => b.id === draft.sucursalId) ?? null;

  // Rates in Bs. per unit (VEF is 1).
  const rateOf: RateOf = useCallback(
    (iso: string) => {
      if (iso === 'VEF' || iso === 'VES') return '1';
      const valor = currencies.data?.find((c) => c.iso === iso)?.valor;
      return valor && dec(valor).gt(0) ? valor : null;
    },
    [currencies.data],
  );
  const totals = useMemo(() => draftTotals(draft, rateOf), [draft, rateOf]);
  const check = canGenerate(draft, totals);
  const invoiceRateMissing = draft.divisa !== 'VEF' && !rateOf(draft.divisa);

  // Automatic invoice numbers (spec 001 §2.1): the next number of the company or branch.
  const automatic = Boolean(
    company && (automaticMode(company.asignaNroFacturas) || automaticMode(branch?.asignaNroFacturas)),
  );
  const numberTarget = branch
    ? { id: branch.id, tipo: 'Sucursal' as const }
    : { id: company?.id ?? '', tipo: 'Localidad' as const };
  const nextNumber = useQuery({
    queryKey: ['invoices', 'next-number', numberTarget.tipo, numberTarget.id],
    queryFn: ({ signal }) => nextInvoiceNumber(numberTarget.id, numberTarget.tipo, signal),
    enabled: automatic && numberTarget.id !== '',
    retry: false,
    staleTime: 0,
    select: (answer) => answer.result,
  });
  const automaticNumber = automatic && nextNumber.isSuccess;

  const paymentCurrencies: PaymentCurrencyOption[] = useMemo(() => {
    const options: PaymentCurrencyOption[] = [{ iso: 'VEF', label: t('currencies.VEF') }];
    for (const c of currencies.data ?? []) {
      if (c.iso === 'VEF' || c.iso === 'VES' || !c.valor || dec(c.valor).lte(0)) continue;
      options.push({ iso: c.iso, label: t(`currencies.${c.iso}`, { defaultValue: c.iso }) });
    }
    return options;
  }, [currencies.data, t]);

  const submit = useMutation({ mutationFn: createInvoice, meta: { silent: true } });

  const generate = async () => {
    if (!company || !check.ok) return;
    const payload = buildPayload(draft, totals, { company, branch, automaticNumber, rateOf });
    try {
      const answer = await submit.mutateAsync(payload);
      if (answer.code === 203) {
        const messages = answer.DetalleErrorFacturas.flat().map((e) => e.Msg);
        enqueueSnackbar(`${t('new.uploadError')}${messages.join(', ')}`, { variant: 'error' });
        return;
      }
      notifySuccess(t('new.created'));
      setDraft(emptyDraft());
      void queryClient.invalidateQueries({ queryKey: invoicesKey });
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'next-number'] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      const message =
        error instanceof ApiError && error.status > 0 && error.message
          ? translateMessage(error.message)
          : t('new.createError');
      enqueueSnackbar(message, { variant: 'error' });
    }
  };

  const addPayment = (payment: DraftPayment): boolean => {
    if (draft.pagos.some((p) => p.divisa === payment.divisa && p.modoPago === payment.modoPago)) {
      enqueueSnackbar(t('payment.duplicate'), { variant: 'warning' });
      return false;
    }
    const next = { ...draft, pagos: [...draft.pagos, payment] };
    setDraft(next);
    // §4.2: the modal closes itself once nothing is owed.
    if (isSettled(draftTotals(next, rateOf))) setDialog(null);
    return true;
  };

  const linesLocked = draft.lines.length > 0 || draft.pagos.length > 0;
  const thirdPartyEnabled =
    can('cuentaTerceros') && Boolean(company?.cuentaTerceros) && (company?.lstCuentaTerceros.length ?? 0) > 0;

  return (
    <Box component="section" aria-labelledby="new-invoice-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Typography id="new-invoice-title" variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('new.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={INVOICES_PATH} startIcon={<ArrowBack />}>
            {t('new.backToList')}
          </Button>
          <Button
            startIcon={<RestartAlt />}
            onClick={() => setDraft(emptyDraft())}
            disabled={submit.isPending}
          >
            {t('new.clear')}
          </Button>
        </Stack>
      </Stack>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, xl: 5 }}>
                <ClientPicker
                  localidadId={draft.localidadId || null}
                  value={draft.cliente}
                  onChange={(cliente: Client | null) => patch({ cliente })}
                />
              </Grid>
              <Grid size={{ xs: 12, xl: 7 }}>
                <InvoiceDataCard
                  draft={draft}
                  patch={patch}
                  companies={activeCompanies}
                  companiesLoading={companies.isPending}
                  company={company}
                  branches={branches}
                  rateOf={rateOf}
                  linesLocked={linesLocked}
                  automatic={automatic}
                  automaticNumber={automaticNumber}
                  nextNumber={nextNumber.data}
                  nextNumberLoading={automatic && nextNumber.isFetching}
                  canSeparateSeries={can('AsignaSerieNroFacturas')}
                  thirdPartyEnabled={thirdPartyEnabled}
                  onThirdParty={() => setDialog('thirdParty')}
                />
              </Grid>
            </Grid>

            {draft.modelo === 'SERVICIO' && <ServiceCard draft={draft} patch={patch} />}

            <Card variant="outlined">
              <CardHeader
                title={t('lines.title')}
                slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
                action={
                  <Button
                    variant="contained"
                    startIcon={<AddCircleOutline />}
                    disabled={!company || invoiceRateMissing}
                    onClick={() => setDialog('product')}
                  >
                    {t('lines.add')}
                  </Button>
                }
              />
              <CardContent sx={{ pt: 0 }}>
                <TableContainer>
                  <Table size="small" aria-label={t('lines.title')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('lines.codigo')}</TableCell>
                        <TableCell>{t('lines.descripcion')}</TableCell>
                        <TableCell align="right">{t('lines.cantidad')}</TableCell>
                        <TableCell align="right">{t('lines.precio')}</TableCell>
                        <TableCell align="right">{t('lines.descuento')}</TableCell>
                        <TableCell align="right">{t('lines.alicuota')}</TableCell>
                        <TableCell align="right">{t('lines.importe')}</TableCell>
                        <TableCell sx={{ width: 48 }} />
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {draft.lines.length === 0 && (
                        <TableRow>
                          <TableCell colSpan={8} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                            {t('lines.empty')}
                          </TableCell>
                        </TableRow>
                      )}
                      {draft.lines.map((line, i) => {
                        const lt = totals.lines[i];
                        return (
                          <TableRow key={line.productId}>
                            <TableCell>{line.codigoProducto}</TableCell>
                            <TableCell>{line.descripcion}</TableCell>
                            <TableCell align="right">
                              {dec(line.cantidad).toString().replace('.', ',')}
                            </TableCell>
                            <TableCell align="right">{showAmount(line.precio, draft.divisa)}</TableCell>
                            <TableCell align="right">
                              {line.descuentoTipo === 'percent'
                                ? `${line.descuentoValor.replace('.', ',')} % (${showAmount(lt.descuento, draft.divisa)})`
                                : showAmount(lt.descuento, draft.divisa)}
                            </TableCell>
                            <TableCell align="right">
                              {line.exento
                                ? t('lines.exento')
                                : line.exonerado
                                  ? t('lines.exonerado')
                                  : `${Number(line.alicuota)} %`}
                            </TableCell>
                            <TableCell align="right">{showAmount(lt.importe, draft.divisa)}</TableCell>
                            <TableCell sx={{ py: 0 }}>
                              <Tooltip title={t('lines.remove')}>
                                <IconButton
                                  size="small"
                                  color="error"
                                  aria-label={t('lines.removeNamed', { name: line.descripcion })}
                                  onClick={() =>
                                    setDraft((d) => ({
                                      ...d,
                                      lines: d.lines.filter((l) => l.productId !== line.productId),
                                    }))
                                  }
                                >
                                  <DeleteOutline fontSize="small" />
                                </IconButton>
                              </Tooltip>
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </TableContainer>
              </CardContent>
            </Card>

            <PaymentsCard
              draft={draft}
              setDraft={setDraft}
              settled={isSettled(totals)}
              onAdd={() => setDialog('payment')}
            />
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: 2, position: { lg: 'sticky' }, top: { lg: 80 } }}>
            <TotalsPanel totals={totals} divisa={draft.divisa} />
            {draft.divisa === 'VEF' && (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Switch
                    checked={draft.tipoColetilla}
                    onChange={(e) => patch({ tipoColetilla: e.target.checked })}
                  />
                }
                label={t('new.coletilla')}
              />
            )}
            <Box sx={{ mt: 1.5 }}>
              <Button startIcon={<NotesOutlined />} onClick={() => setDialog('observation')}>
                {t('observation.open')}
              </Button>
              {draft.observacion && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  data-testid="invoice-observation"
                  sx={{ whiteSpace: 'pre-line', mt: 0.5, overflowWrap: 'anywhere' }}
                >
                  {draft.observacion}
                </Typography>
              )}
            </Box>
            <Button
              fullWidth
              size="large"
              variant="contained"
              color="secondary"
              startIcon={<ReceiptLongOutlined />}
              sx={{ mt: 2 }}
              disabled={!check.ok || submit.isPending || invoiceRateMissing}
              loading={submit.isPending}
              onClick={() => void generate()}
            >
              {t('new.generate')}
            </Button>
            {!check.ok && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                {t(`new.missing.${check.missing[0]}`)}
              </Typography>
            )}
          </Paper>
        </Grid>
      </Grid>

      {dialog === 'product' && company && (
        <AddProductDialog
          localidadId={company.id}
          divisa={draft.divisa}
          onClose={() => setDialog(null)}
          onAdd={(line) => {
            setDraft((d) => ({ ...d, lines: addLine(d.lines, line) }));
            setDialog(null);
          }}
        />
      )}
      {dialog === 'payment' && (
        <AddPaymentDialog
          invoiceCurrency={draft.divisa}
          currencies={paymentCurrencies}
          rateOf={rateOf}
          totals={totals}
          company={company}
          banks={banks.data ?? []}
          onAdd={addPayment}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'observation' && (
        <ObservationDialog
          value={draft.observacion}
          onClose={() => setDialog(null)}
          onAccept={(observacion) => {
            patch({ observacion });
            setDialog(null);
          }}
        />
      )}
      {dialog === 'thirdParty' && company && (
        <ThirdPartyDialog
          accounts={company.lstCuentaTerceros}
          selectedId={draft.tercero?.id ?? null}
          onClose={() => setDialog(null)}
          onPick={(tercero) => {
            patch({ tercero });
            setDialog(null);
          }}
        />
      )}
    </Box>
  );
}

// --- Invoice data card -------------------------------------------------------------------------------------

function InvoiceDataCard({
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
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={t('data.title')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
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
                    ? `${t('data.rate')} ${showRate(rate)} Bs.`
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
                    ? t('filter.noCompanies')
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
                  {m}
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
                  <FormControlLabel key={s} value={s} control={<Radio size="small" />} label={s} />
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
                onChange={(e) =>
                  patch({ serieNrofactura: e.target.value.toUpperCase().slice(0, SERIES_MAX) })
                }
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
              helperText={automaticNumber ? t('data.automaticNumber') : undefined}
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
      </CardContent>
    </Card>
  );
}

// --- Service card ------------------------------------------------------------------------------------------

function ServiceCard({ draft, patch }: { draft: Draft; patch: (next: Partial<Draft>) => void }) {
  const { t } = useTranslation('invoices');
  const set = (field: keyof Draft['servicio'], value: string) =>
    patch({ servicio: { ...draft.servicio, [field]: value } });
  return (
    <Card variant="outlined">
      <CardHeader
        title={t('service.title')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('service.nroContrato')}
              value={draft.servicio.nroContrato}
              onChange={(e) => set('nroContrato', e.target.value.slice(0, 40))}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              type="date"
              label={t('service.pagueAntes')}
              value={draft.servicio.pagueAntes}
              onChange={(e) => set('pagueAntes', e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('service.direccionServicio')}
              value={draft.servicio.direccionServicio}
              onChange={(e) => set('direccionServicio', e.target.value.slice(0, 200))}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('service.periodoFacturacion')}
              value={draft.servicio.periodoFacturacion}
              onChange={(e) => set('periodoFacturacion', e.target.value.slice(0, 60))}
            />
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

// --- Payments card -----------------------------------------------------------------------------------------

function PaymentsCard({
  draft,
  setDraft,
  settled,
  onAdd,
}: {
  draft: Draft;
  setDraft: (update: (d: Draft) => Draft) => void;
  settled: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation('invoices');
  const credit = draft.condicion === 'CREDITO';
  const head = (cells: ReactNode[]) => (
    <TableHead>
      <TableRow>
        {cells.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed header cells
          <TableCell key={i}>{c}</TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
  return (
    <Card variant="outlined">
      <CardHeader
        title={t('payments.title')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } }}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={credit}
                  onChange={(e) =>
                    setDraft((d) => ({
                      ...d,
                      condicion: e.target.checked ? 'CREDITO' : 'CONTADO',
                      pagos: e.target.checked ? [] : d.pagos,
                    }))
                  }
                />
              }
              label={credit ? 'CREDITO' : 'CONTADO'}
            />
            {!credit && (
              <Button
                variant="contained"
                startIcon={<PaymentsOutlined />}
                disabled={draft.lines.length === 0 || settled}
                onClick={onAdd}
              >
                {t('payments.add')}
              </Button>
            )}
          </Stack>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {credit ? (
          <TableContainer>
            <Table size="small" aria-label={t('payments.creditTable')}>
              {head(['', '', '', ''])}
              <TableBody />
            </Table>
          </TableContainer>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('payments.title')}>
              {head([
                t('payments.modoPago'),
                t('payments.divisa'),
                t('payments.monto'),
                t('payments.tasa'),
                t('payments.banco'),
                t('payments.nro'),
                t('payments.igtf'),
                '',
              ])}
              <TableBody>
                {draft.pagos.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                      {t('payments.empty')}
                    </TableCell>
                  </TableRow>
                )}
                {draft.pagos.map((p) => (
                  <TableRow key={p.key}>
                    <TableCell>{t(`paymentMethods.${p.modoPago}`)}</TableCell>
                    <TableCell>{p.divisa}</TableCell>
                    <TableCell>{showAmount(p.monto, p.divisa)}</TableCell>
                    <TableCell>{p.divisa === 'VEF' ? '—' : showRate(p.tasa)}</TableCell>
                    <TableCell>{p.banco ?? '—'}</TableCell>
                    <TableCell>{p.nro || '—'}</TableCell>
                    <TableCell>{dec(p.igtfValor).gt(0) ? showAmount(p.igtfValor, p.divisa) : '—'}</TableCell>
                    <TableCell sx={{ py: 0 }}>
                      <Tooltip title={t('payments.remove')}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={t('payments.removeNamed', {
                            method: t(`paymentMethods.${p.modoPago}`),
                            divisa: p.divisa,
                          })}
                          onClick={() =>
                            setDraft((d) => ({ ...d, pagos: d.pagos.filter((x) => x.key !== p.key) }))
                          }
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {credit && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('payments.credit')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
