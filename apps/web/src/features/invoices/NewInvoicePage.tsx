import './register.ts';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { dec } from '@sigece/fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { useAuth } from '../../app/auth.tsx';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.ts';
import type { Client } from '../../components/ClientPicker/index.ts';
import { formatPercent, formatQuantity } from '../../components/format.ts';
import { DocumentClientCard, DocumentPageHeader, LinesCard, TotalsCard } from '../documents/index.ts';
import { useOrderPrefill } from '../orders/invoicePrefill.ts';
import { AddPaymentDialog, type PaymentCurrencyOption } from './AddPaymentDialog.tsx';
import { AddProductDialog } from './AddProductDialog.tsx';
import { AirTransportCard } from './AirTransportCard.tsx';
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
  type DraftLine,
  type DraftPayment,
  draftTotals,
  emptyDraft,
  isSettled,
  type RateOf,
  showAmount,
} from './draft.ts';
import { isDirty, loadDraft, saveDraft, useDuplicate } from './draftStore.ts';
import { InvoiceDataCard } from './InvoiceDataCard.tsx';
import { InvoiceIssuedDialog, type IssuedInvoice } from './InvoiceIssuedDialog.tsx';
import { LiquorCard } from './LiquorCard.tsx';
import { useLastInvoiceNumber } from './lastNumber.ts';
import { isListedModel, MODEL_LIST_PATHS } from './models.ts';
import { ObservationDialog } from './ObservationDialog.tsx';
import { PaymentsCard } from './PaymentsCard.tsx';
import { ServiceCard } from './ServiceCard.tsx';
import { ThirdPartyDialog } from './ThirdPartyDialog.tsx';
import { invoiceTotalSections } from './totals.ts';

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
  const { t: tm } = useTranslation('invoiceModels');
  const can = usePermission(NEW_INVOICE_PATH);
  const queryClient = useQueryClient();
  // ?modelo=AEREA or LICORES: the new invoice of that model's list.
  const [params] = useSearchParams();
  const wanted = params.get('modelo')?.toUpperCase();
  const listed = isListedModel(wanted) ? wanted : null;
  const fresh = useCallback((): Draft => ({ ...emptyDraft(), modelo: listed ?? 'GENERAL' }), [listed]);
  const { me } = useAuth();
  const userId = me?.id ?? '';
  const { t: td } = useTranslation('invoiceDesk');
  const prefilled = params.has('orden') || params.has('duplicar');
  // The draft left unissued comes back (not when the page opens on an order or a duplicate).
  // Pure: a render may be thrown away and run again; the toast waits for the commit below.
  const [initial] = useState(() => {
    const kept = !prefilled && userId ? loadDraft(userId, listed ?? 'GENERAL') : null;
    return { draft: kept ?? fresh(), restored: kept !== null };
  });
  const [draft, setDraft] = useState<Draft>(initial.draft);
  useEffect(() => {
    if (initial.restored) enqueueSnackbar(td('draft.restored'), { variant: 'info' });
  }, [initial, td]);
  useEffect(() => {
    if (!userId) return;
    const timer = setTimeout(() => saveDraft(userId, draft), 300);
    return () => clearTimeout(timer);
  }, [userId, draft]);
  // Leaving the page keeps the draft; closing or reloading the tab asks first while it is unissued.
  const dirty = isDirty(draft);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (userId) saveDraft(userId, draftRef.current);
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, userId]);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const [dialog, setDialog] = useState<'product' | 'payment' | 'observation' | 'thirdParty' | null>(null);
  const [issued, setIssued] = useState<IssuedInvoice | null>(null);
  /** The server's message about the invoice number (e.g. 'La factura 12 ya existe'), on that field. */
  const [numberError, setNumberError] = useState<string | null>(null);
  const patch = useCallback((next: Partial<Draft>) => {
    if ('nroFactura' in next || 'localidadId' in next || 'sucursalId' in next) setNumberError(null);
    setDraft((d) => ({ ...d, ...next }));
  }, []);

  // 'Facturar' from the orders list: ?orden=<id> prefills the draft.
  useOrderPrefill(useCallback((prefill: Partial<Draft>) => setDraft({ ...emptyDraft(), ...prefill }), []));
  useDuplicate(
    useCallback(
      (copy: Partial<Draft>, nro: string) => {
        setDraft({ ...fresh(), ...copy });
        enqueueSnackbar(td('draft.duplicated', { nro }), { variant: 'info' });
      },
      [fresh, td],
    ),
    useCallback(() => enqueueSnackbar(td('draft.duplicateError'), { variant: 'error' }), [td]),
  );
  const companies = useInvoiceCompanies();
  const currencies = useCurrencies();
  const banks = useBanks();

  const activeCompanies = (companies.data ?? []).filter((c) => c.logEstatusRegistro !== 'INACTIVO');
  const company: InvoiceCompany | undefined = activeCompanies.find((c) => c.id === draft.localidadId);
  const branches = (company?.lstSucursales ?? []).filter((b) => b.logEstatusRegistro !== 'INACTIVO');
  const branch = branches.find((b) => b.id === draft.sucursalId) ?? null;

  // A user of one company starts with it chosen: the client card comes alive at once.
  const onlyCompany = activeCompanies.length === 1 ? activeCompanies[0].id : null;
  useEffect(() => {
    if (onlyCompany && !draft.localidadId) patch({ localidadId: onlyCompany });
  }, [onlyCompany, draft.localidadId, patch]);

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
  const lastNumber = useLastInvoiceNumber(
    draft.localidadId,
    draft.sucursalId,
    Boolean(company) && !automatic,
  );

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
        const messages = answer.DetalleErrorFacturas.flat().map((e) => translateMessage(e.Msg));
        // A taken number belongs on the number field; the rest in a toast (no upload wording here).
        const taken = answer.DetalleErrorFacturas.flat().find((e) => / ya existe$/.test(e.Msg));
        if (taken) setNumberError(translateMessage(taken.Msg));
        const others = messages.filter((m) => !taken || m !== translateMessage(taken.Msg));
        if (others.length > 0) enqueueSnackbar(others.join(', '), { variant: 'error' });
        return;
      }
      notifySuccess(t('new.created'));
      const done = answer.DetalleFacturaProcesadas.flat()[0];
      if (done)
        setIssued({
          id: done.id,
          nroFactura: done.NroFactura,
          nroControl: done.NroControl,
          cliente: done.Cliente,
        });
      // The next invoice is usually for the same company: it stays chosen.
      setDraft({ ...fresh(), localidadId: draft.localidadId, sucursalId: draft.sucursalId });
      void queryClient.invalidateQueries({ queryKey: invoicesKey });
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'next-number'] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      // Spec 001 §8.2: the server's message; the generation fallback when the call never reached
      // the server (the invoice may or may not exist: the list tells); else the registration one.
      const message =
        error instanceof ApiError && error.status > 0 && error.fromServer
          ? translateMessage(error.message)
          : error instanceof ApiError && error.isNetwork
            ? t('new.generateError')
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
      <DocumentPageHeader
        id="new-invoice-title"
        title={listed ? tm(`newTitle.${listed}`) : t('new.title')}
        backTo={listed ? MODEL_LIST_PATHS[listed] : INVOICES_PATH}
        backLabel={listed ? tm(`backToList.${listed}`) : t('new.backToList')}
      >
        <Button startIcon={<RestartAlt />} onClick={() => setDraft(fresh())} disabled={submit.isPending}>
          {t('new.clear')}
        </Button>
      </DocumentPageHeader>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <Grid container spacing={2}>
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
                  lastNumber={lastNumber.isSuccess ? lastNumber.data : undefined}
                  numberError={numberError}
                  canSeparateSeries={can('AsignaSerieNroFacturas')}
                  thirdPartyEnabled={thirdPartyEnabled}
                  onThirdParty={() => setDialog('thirdParty')}
                />
              </Grid>
              <Grid size={{ xs: 12, xl: 5 }}>
                {/* The company comes first; the client card waits for it. */}
                <DocumentClientCard
                  localidadId={draft.localidadId || null}
                  client={draft.cliente}
                  onChange={(cliente: Client | null) => patch({ cliente })}
                />
              </Grid>
            </Grid>

            {draft.modelo === 'SERVICIO' && <ServiceCard draft={draft} patch={patch} />}
            {draft.modelo === 'AEREA' && <AirTransportCard draft={draft} patch={patch} />}

            <LinesCard<DraftLine>
              title={t('lines.title')}
              lines={draft.lines}
              getKey={(line) => line.productId}
              emptyText={t('lines.empty')}
              nameOf={(line) => line.descripcion}
              onRemove={(line) =>
                setDraft((d) => ({ ...d, lines: d.lines.filter((l) => l.productId !== line.productId) }))
              }
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
              columns={[
                { id: 'codigo', header: t('lines.codigo'), render: (line) => line.codigoProducto },
                { id: 'descripcion', header: t('lines.descripcion'), render: (line) => line.descripcion },
                {
                  id: 'cantidad',
                  header: t('lines.cantidad'),
                  align: 'right',
                  render: (line) => formatQuantity(line.cantidad),
                },
                {
                  id: 'precio',
                  header: t('lines.precio'),
                  align: 'right',
                  render: (line) => showAmount(line.precio, draft.divisa),
                },
                {
                  id: 'descuento',
                  header: t('lines.descuento'),
                  align: 'right',
                  // A percentage over its amount, on two lines: the column keeps the amount's width.
                  render: (line, i) =>
                    line.descuentoTipo === 'percent' ? (
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {formatPercent(line.descuentoValor)}
                        </Box>
                        {showAmount(totals.lines[i].descuento, draft.divisa)}
                      </>
                    ) : (
                      showAmount(totals.lines[i].descuento, draft.divisa)
                    ),
                },
                {
                  id: 'alicuota',
                  header: t('lines.alicuota'),
                  align: 'right',
                  render: (line) =>
                    line.exento
                      ? t('lines.exento')
                      : line.exonerado
                        ? t('lines.exonerado')
                        : formatPercent(line.alicuota),
                },
                {
                  id: 'importe',
                  header: t('lines.importe'),
                  align: 'right',
                  render: (_, i) => showAmount(totals.lines[i].importe, draft.divisa),
                },
              ]}
            />

            {draft.modelo === 'LICORES' && <LiquorCard draft={draft} patch={patch} />}

            <PaymentsCard
              draft={draft}
              setDraft={setDraft}
              settled={isSettled(totals)}
              igtfPagos={totals.igtfPagos}
              onAdd={() => setDialog('payment')}
            />
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, lg: 4 }}>
          <TotalsCard title={t('totals.title')} sections={invoiceTotalSections(totals, draft.divisa, t)}>
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
          </TotalsCard>
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
      {issued && (
        <InvoiceIssuedDialog
          invoice={issued}
          listPath={listed ? MODEL_LIST_PATHS[listed] : INVOICES_PATH}
          onAnother={() => setIssued(null)}
          onClose={() => setIssued(null)}
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
