import './register.ts';
import '../invoices/register.ts';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { dec, ORDER_KINDS, ORDER_LIMITS, ORDER_MESSAGES } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import type { Client } from '../../components/ClientPicker/index.ts';
import { FieldGrid, FormSwitchField, type GridField } from '../../components/form/index.ts';
import { formatMoney, formatQuantity } from '../../components/format.ts';
import {
  DocumentClientCard,
  DocumentPageHeader,
  LinesCard,
  SectionCard,
  TotalsCard,
} from '../documents/index.ts';
import { AddProductDialog } from '../invoices/AddProductDialog.tsx';
import { useCurrencies, useInvoiceCompanies } from '../invoices/api.ts';
import { addLine, type DraftLine } from '../invoices/draft.ts';
import { ObservationDialog } from '../invoices/ObservationDialog.tsx';
import { createOrder, ordersKey } from './api.ts';
import { ORDERS_PATH } from './OrdersPage.tsx';
import {
  canSaveOrder,
  emptyOrderForm,
  ORDER_CURRENCIES,
  type OrderDraft,
  type OrderFormValues,
  orderFormSchema,
  orderPayload,
  orderTotals,
} from './orderDraft.ts';

const full = { xs: 12 };
const third = { xs: 12, sm: 4 };

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
  const [cliente, setCliente] = useState<Client | null>(null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [dialog, setDialog] = useState<'product' | 'observation' | null>(null);
  const schema = useMemo(() => orderFormSchema(t('new.required')), [t]);
  const { control, watch, setValue, handleSubmit, reset } = useForm<OrderFormValues>({
    defaultValues: emptyOrderForm(),
    resolver: schemaResolver<OrderFormValues>(schema),
  });
  const draft: OrderDraft = { ...watch(), cliente, lines };
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

  // The header (§2.4): a new currency reprices, so the lines go; a new company drops branch, client, lines.
  const headerFields: GridField<OrderFormValues>[] = [
    {
      kind: 'select',
      name: 'divisa',
      label: t('new.divisa'),
      size: third,
      options: ORDER_CURRENCIES.map((c) => ({ value: c, label: c === 'VEF' ? 'Bs.' : c })),
      onChanged: () => setLines([]),
    },
    {
      kind: 'select',
      name: 'localidadId',
      label: t('new.company'),
      size: { xs: 12, sm: 8 },
      options: active.map((c) => ({ value: c.id, label: c.nombre })),
      onChanged: () => {
        setValue('sucursalId', '');
        setCliente(null);
        setLines([]);
      },
    },
    {
      kind: 'select',
      name: 'sucursalId',
      label: t('new.branch'),
      size: third,
      disabled: branches.length === 0,
      options: [
        { value: '', label: t('new.noBranch') },
        ...branches.map((b) => ({ value: b.id, label: `${b.codigoSucursal} — ${b.nombre}` })),
      ],
    },
    {
      kind: 'select',
      name: 'modeloOrden',
      label: t('new.kind'),
      size: third,
      options: ORDER_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
    },
    {
      kind: 'text',
      name: 'nroOrden',
      label: t('new.nroOrden'),
      size: third,
      required: true,
      maxLength: ORDER_LIMITS.nroOrden,
    },
  ];
  const shippingFields: GridField<OrderFormValues>[] = [
    {
      kind: 'text',
      name: 'motivo',
      label: t('new.motivo'),
      size: full,
      required: true,
      maxLength: ORDER_LIMITS.motivo,
    },
    {
      kind: 'text',
      name: 'observacion',
      label: t('new.observacion'),
      size: full,
      required: true,
      minRows: 2,
      maxLength: ORDER_LIMITS.observacion,
    },
    {
      kind: 'text',
      name: 'direccionEntrega',
      label: t('new.direccion'),
      size: full,
      required: true,
      maxLength: ORDER_LIMITS.direccionEntrega,
    },
  ];

  const save = useMutation({ mutationFn: createOrder, meta: { silent: false } });
  const submit = async (values: OrderFormValues) => {
    const order: OrderDraft = { ...values, cliente, lines };
    if (!company || !canSaveOrder(order)) return;
    const answer = await save.mutateAsync(
      orderPayload(order, {
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
      reset(emptyOrderForm());
      setCliente(null);
      setLines([]);
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
            <SectionCard title={t('new.header')}>
              <FieldGrid control={control} fields={headerFields} />
            </SectionCard>
            <DocumentClientCard
              localidadId={draft.localidadId || null}
              client={cliente}
              onChange={setCliente}
            />
            <LinesCard
              title={t('new.products')}
              lines={lines}
              getKey={(l) => l.codigoProducto}
              emptyText={t('new.noLines')}
              nameOf={(l) => l.descripcion}
              onRemove={(l) => setLines(lines.filter((x) => x !== l))}
              action={
                <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <FormSwitchField control={control} name="incluirMontos" label={t('new.amounts')} />
                  {/* §2.4's observations dialog edits the shipping card's Observaciones: one field. */}
                  <Button startIcon={<NotesOutlined />} onClick={() => setDialog('observation')}>
                    {t('new.observation')}
                  </Button>
                  <Button
                    startIcon={<AddCircleOutline />}
                    disabled={!draft.localidadId}
                    onClick={() => setDialog('product')}
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
                        render: (l: DraftLine) => formatMoney(l.precio, draft.divisa),
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
            <SectionCard title={t('new.shipping')}>
              <FieldGrid control={control} fields={shippingFields} />
            </SectionCard>
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
              onClick={() => void handleSubmit(submit)().catch(() => undefined)}
            >
              {t('new.save')}
            </Button>
          </TotalsCard>
        </Grid>
      </Grid>
      {dialog === 'product' && company && (
        <AddProductDialog
          localidadId={company.id}
          divisa={draft.divisa}
          onAdd={(line) => {
            setLines(addLine(lines, line));
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'observation' && (
        <ObservationDialog
          value={draft.observacion}
          max={ORDER_LIMITS.observacion}
          onAccept={(text) => {
            setValue('observacion', text);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
