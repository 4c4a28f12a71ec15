import './register.ts';
import '../invoices/register.ts';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { dec, ORDER_KINDS, ORDER_LIMITS, ORDER_MESSAGES } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { formatMoney, formatQuantity } from '../../components/format.ts';
import { DocumentClientCard, DocumentPageHeader, LinesCard, TotalsCard } from '../documents/index.ts';
import { AddProductDialog } from '../invoices/AddProductDialog.tsx';
import { useCurrencies, useInvoiceCompanies } from '../invoices/api.ts';
import { addLine } from '../invoices/draft.ts';
import { createOrder, ordersKey } from './api.ts';
import { ORDERS_PATH } from './OrdersPage.tsx';
import {
  canSaveOrder,
  emptyOrderDraft,
  missingFields,
  ORDER_CURRENCIES,
  type OrderDraft,
  orderPayload,
  orderTotals,
} from './orderDraft.ts';

const cardTitle = { title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } } as const;

/**
 * /facturacion/OrdenesGuias/CrearOrdenesGuias (spec 001 §2.4, §3.9, §4.5, §5.6, §8.4): currency, company,
 * branch, kind (ORDENENTREGA / GUIADESPACHO) and number; the client; the products with the amounts
 * switch and per-line delete; the shipping card (Motivo, Observaciones, Direccion Entrega, required). The
 * order goes to POST masivaordenes wrapped in an array; one toast per failed order, or the stored one's.
 */
export default function NewOrderPage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<OrderDraft>(emptyOrderDraft);
  const [adding, setAdding] = useState(false);
  const [touched, setTouched] = useState(false);
  const patch = useCallback((next: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...next })), []);
  const companies = useInvoiceCompanies();
  const currencies = useCurrencies();
  const active = (companies.data ?? []).filter((c) => c.logEstatusRegistro !== 'INACTIVO');
  const company = active.find((c) => c.id === draft.localidadId);
  const branches = (company?.lstSucursales ?? []).filter((b) => b.logEstatusRegistro !== 'INACTIVO');
  const branch = branches.find((b) => b.id === draft.sucursalId);
  const rateOf = (iso: string) => {
    if (iso === 'VEF') return '1';
    const valor = currencies.data?.find((c) => c.iso === iso)?.valor;
    return valor && dec(valor).gt(0) ? valor : null;
  };
  const { lines: priced, totals } = orderTotals(draft);
  const missing = missingFields(draft);
  const errorOf = (field: (typeof missing)[number]) =>
    touched && missing.includes(field) ? t('new.required') : undefined;

  const save = useMutation({ mutationFn: createOrder, meta: { silent: false } });
  const submit = async () => {
    setTouched(true);
    if (!company || !canSaveOrder(draft) || missing.length > 0) return;
    const answer = await save.mutateAsync(
      orderPayload(draft, {
        rif: company.rif || `${company.tipoDocumento}-${company.numeroDocumento}`,
        codigoSucursal: branch?.codigoSucursal,
        rateOf,
      }),
    );
    const r = answer.resultado;
    if (r.totalOrdenesconError > 0) {
      for (const e of r.DetalleErrorOrdenes)
        enqueueSnackbar(ORDER_MESSAGES.failed(e.nroOrden, translateMessage(e.msg)), { variant: 'error' });
      return;
    }
    if (r.totalOrdenesNew > 0) {
      for (const d of r.DetalleOrdenesProcesadas)
        notifySuccess(ORDER_MESSAGES.stored(d.nroOrden, d.nroControl, translateMessage(d.msg)));
      setDraft(emptyOrderDraft());
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      navigate(ORDERS_PATH);
    }
  };

  return (
    <Box component="section" aria-labelledby="new-order-title">
      <DocumentPageHeader
        id="new-order-title"
        title={t('new.title')}
        backTo={ORDERS_PATH}
        backLabel={t('new.backToList')}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={2}>
            <Card variant="outlined">
              <CardHeader title={t('new.header')} slotProps={cardTitle} sx={{ pb: 0 }} />
              <CardContent>
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      select
                      fullWidth
                      label={t('new.divisa')}
                      value={draft.divisa}
                      onChange={(e) => patch({ divisa: e.target.value as OrderDraft['divisa'], lines: [] })}
                    >
                      {ORDER_CURRENCIES.map((c) => (
                        <MenuItem key={c} value={c}>
                          {c === 'VEF' ? 'Bs.' : c}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Grid>
                  <Grid size={{ xs: 12, sm: 8 }}>
                    <TextField
                      select
                      fullWidth
                      label={t('new.company')}
                      value={draft.localidadId}
                      onChange={(e) =>
                        patch({ localidadId: e.target.value, sucursalId: '', cliente: null, lines: [] })
                      }
                    >
                      {active.map((c) => (
                        <MenuItem key={c.id} value={c.id}>
                          {c.nombre}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      select
                      fullWidth
                      label={t('new.branch')}
                      value={draft.sucursalId}
                      disabled={branches.length === 0}
                      onChange={(e) => patch({ sucursalId: e.target.value })}
                    >
                      <MenuItem value="">{t('new.noBranch')}</MenuItem>
                      {branches.map((b) => (
                        <MenuItem key={b.id} value={b.id}>
                          {b.codigoSucursal} — {b.nombre}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      select
                      fullWidth
                      label={t('new.kind')}
                      value={draft.modeloOrden}
                      onChange={(e) => patch({ modeloOrden: e.target.value as OrderDraft['modeloOrden'] })}
                    >
                      {ORDER_KINDS.map((k) => (
                        <MenuItem key={k} value={k}>
                          {t(`kinds.${k}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <TextField
                      fullWidth
                      required
                      label={t('new.nroOrden')}
                      value={draft.nroOrden}
                      onChange={(e) => patch({ nroOrden: e.target.value })}
                      error={Boolean(errorOf('nroOrden'))}
                      helperText={errorOf('nroOrden')}
                      slotProps={{ htmlInput: { maxLength: ORDER_LIMITS.nroOrden } }}
                    />
                  </Grid>
                </Grid>
              </CardContent>
            </Card>
            <DocumentClientCard
              localidadId={draft.localidadId || null}
              client={draft.cliente}
              onChange={(cliente) => patch({ cliente })}
            />
            <LinesCard
              title={t('new.products')}
              lines={draft.lines}
              getKey={(l) => l.codigoProducto}
              emptyText={t('new.noLines')}
              nameOf={(l) => l.descripcion}
              onRemove={(l) => patch({ lines: draft.lines.filter((x) => x !== l) })}
              action={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={draft.incluirMontos}
                        onChange={(e) => patch({ incluirMontos: e.target.checked })}
                      />
                    }
                    label={t('new.amounts')}
                  />
                  <Button
                    startIcon={<AddCircleOutline />}
                    disabled={!draft.localidadId}
                    onClick={() => setAdding(true)}
                  >
                    {t('new.addProduct')}
                  </Button>
                </Stack>
              }
              columns={[
                { id: 'codigo', header: t('new.code'), render: (l) => l.codigoProducto },
                { id: 'descripcion', header: t('new.description'), render: (l) => l.descripcion },
                {
                  id: 'cantidad',
                  header: t('new.quantity'),
                  align: 'right',
                  render: (l) => formatQuantity(l.cantidad),
                },
                { id: 'unidad', header: t('new.unit'), render: (l) => l.unidadMedida },
                ...(draft.incluirMontos
                  ? [
                      {
                        id: 'precio',
                        header: t('new.price'),
                        align: 'right' as const,
                        render: (l: (typeof draft.lines)[number]) => formatMoney(l.precio, draft.divisa),
                      },
                      {
                        id: 'importe',
                        header: t('new.amount'),
                        align: 'right' as const,
                        render: (_l: unknown, i: number) => formatMoney(priced[i].importe, draft.divisa),
                      },
                    ]
                  : []),
              ]}
            />
            <Card variant="outlined">
              <CardHeader title={t('new.shipping')} slotProps={cardTitle} sx={{ pb: 0 }} />
              <CardContent>
                <Stack spacing={2}>
                  <TextField
                    required
                    label={t('new.motivo')}
                    value={draft.motivo}
                    onChange={(e) => patch({ motivo: e.target.value })}
                    error={Boolean(errorOf('motivo'))}
                    helperText={errorOf('motivo')}
                    slotProps={{ htmlInput: { maxLength: ORDER_LIMITS.motivo } }}
                  />
                  <TextField
                    required
                    multiline
                    minRows={2}
                    label={t('new.observacion')}
                    value={draft.observacion}
                    onChange={(e) => patch({ observacion: e.target.value })}
                    slotProps={{ htmlInput: { maxLength: ORDER_LIMITS.observacion } }}
                  />
                  <TextField
                    required
                    label={t('new.direccion')}
                    value={draft.direccionEntrega}
                    onChange={(e) => patch({ direccionEntrega: e.target.value })}
                    error={Boolean(errorOf('direccionEntrega'))}
                    helperText={errorOf('direccionEntrega')}
                    slotProps={{ htmlInput: { maxLength: ORDER_LIMITS.direccionEntrega } }}
                  />
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <TotalsCard
            title={t('new.totals')}
            sections={
              draft.incluirMontos
                ? [
                    {
                      rows: [
                        {
                          key: 'subTotal',
                          label: t('new.subTotal'),
                          value: formatMoney(totals.subTotal, draft.divisa),
                        },
                        {
                          key: 'iva',
                          label: t('new.iva'),
                          value: formatMoney(totals.totalIva, draft.divisa),
                        },
                        {
                          key: 'importeTotal',
                          label: t('new.total'),
                          value: formatMoney(totals.importeTotal, draft.divisa),
                          strong: true,
                        },
                      ],
                    },
                  ]
                : []
            }
          >
            <Button
              fullWidth
              variant="contained"
              sx={{ mt: 2 }}
              startIcon={<SaveOutlined />}
              disabled={!canSaveOrder(draft) || save.isPending}
              loading={save.isPending}
              onClick={() => void submit().catch(() => undefined)}
            >
              {t('new.save')}
            </Button>
          </TotalsCard>
        </Grid>
      </Grid>
      {adding && company && (
        <AddProductDialog
          localidadId={company.id}
          divisa={draft.divisa}
          onAdd={(line) => {
            patch({ lines: addLine(draft.lines, line) });
            setAdding(false);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </Box>
  );
}
