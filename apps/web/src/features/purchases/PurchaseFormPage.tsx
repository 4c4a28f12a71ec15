import './register.ts';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CLIENT_DOCUMENT_TYPES,
  formatAmount,
  PURCHASE_PAYMENT_METHODS,
  PURCHASE_TYPES,
  PURCHASE_UNITS,
  PURCHASE_VAT_TREATMENTS,
  type PurchaseInput,
  type PurchaseRecord,
  paymentMethodLabel,
  purchaseInputSchema,
  TAX_RATES,
} from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { useCanAccess } from '../../app/permissions.ts';
import { type Client, ClientPicker } from '../../components/ClientPicker/index.ts';
import { FormDateField, FormSelectField, FormTextField } from '../../components/form/index.ts';
import { useBranchOptions, useCompanyOptions } from '../catalog/api.ts';
import { DocumentPageHeader, TotalsCard } from '../documents/index.ts';
import { createPurchase, editPurchase, PURCHASES_PATH, purchasesKey, WITHHOLDINGS_PATH } from './api.ts';
import { PURCHASES_NS } from './i18n.ts';
import { PurchaseVouchers } from './PurchaseVouchers.tsx';
import { emptyLine, type FormValues, type LineValues, liveTotals, valuesOf } from './purchaseForm.ts';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /facturacion/facturaCompra (spec 001 §2.5): client card (the buying company and branch), supplier,
 * invoice data, detail and totals. New, or edit when the list hands a purchase in the router state.
 */
export default function PurchaseFormPage() {
  const { t, i18n } = useTranslation(PURCHASES_NS);
  const language = i18n.language === 'en' ? 'en' : 'es';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = (useLocation().state as { purchase?: PurchaseRecord } | null)?.purchase;
  const canAccess = useCanAccess();
  const companies = useCompanyOptions();
  const branches = useBranchOptions();
  const [picked, setPicked] = useState<Client | null>(null);
  const { control, handleSubmit, setValue, setError } = useForm<FormValues>({
    defaultValues: valuesOf(editing),
    resolver: schemaResolver<FormValues>(purchaseInputSchema),
  });
  const lines = useFieldArray({ control, name: 'lstDetalles' });
  const payments = useFieldArray({ control, name: 'lstPagos' });
  const localidad = useWatch({ control, name: 'id_localidad' });
  const watchedLines = useWatch({ control, name: 'lstDetalles' });
  const totals = liveTotals(watchedLines ?? []);
  const companyBranches = (branches.data ?? []).filter((b) => b.id_localidad === localidad);

  const save = useMutation({
    mutationFn: (body: PurchaseInput) => (editing ? editPurchase(editing.id, body) : createPurchase(body)),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: purchasesKey });
      notifySuccess(translateMessage(answer.message));
      navigate(PURCHASES_PATH);
    },
    onError: (error) =>
      applyServerErrors(error, setError, [
        'id_localidad',
        'proveedor',
        'nroControl',
        'nroFactura',
        'fechaFactura',
        'lstDetalles',
      ]),
  });

  const pickSupplier = (client: Client | null) => {
    setPicked(client);
    if (!client) return;
    setValue('proveedor', {
      tipoDocumento: client.tipoDocumento,
      numeroDocumento: client.numeroDocumento,
      identificacion: client.identificacion,
      direccion: client.direccion ?? '',
      correo: client.correo ?? '',
    });
  };

  const lineField = (
    i: number,
    name: keyof LineValues,
    label: string,
    width: number,
    select?: readonly string[],
  ) => (
    <Controller
      control={control}
      name={`lstDetalles.${i}.${name}` as const}
      render={({ field, fieldState }) => (
        <TextField
          size="small"
          select={!!select}
          label={label}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={!!fieldState.error}
          helperText={fieldMessage(fieldState.error?.message)}
          sx={{ minWidth: width }}
          fullWidth
        >
          {select?.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((v) => save.mutate(v as unknown as PurchaseInput))}
      aria-labelledby="purchase-title"
    >
      <DocumentPageHeader
        id="purchase-title"
        title={editing ? t('form.titleEdit', { nro: editing.nroFactura }) : t('form.titleNew')}
        backTo={PURCHASES_PATH}
        backLabel={t('form.back')}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '3fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          <Card title={t('form.client')}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormSelectField
                control={control}
                name="id_localidad"
                label={t('form.company')}
                required
                options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.nombre }))}
                onChanged={() => setValue('id_sucursal', '')}
                textFieldProps={{ fullWidth: true }}
              />
              {companyBranches.length > 0 && (
                <FormSelectField
                  control={control}
                  name="id_sucursal"
                  label={t('form.branch')}
                  options={[
                    { value: '', label: t('form.noBranch') },
                    ...companyBranches.map((b) => ({ value: b.id, label: b.nombre })),
                  ]}
                  textFieldProps={{ fullWidth: true }}
                />
              )}
            </Stack>
          </Card>
          <Card title={t('form.supplier')}>
            <Stack spacing={2}>
              <ClientPicker
                localidadId={localidad || null}
                value={picked}
                onChange={pickSupplier}
                allowCreate={false}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormSelectField
                  control={control}
                  name="proveedor.tipoDocumento"
                  label={t('form.tipoDocumento')}
                  required
                  options={CLIENT_DOCUMENT_TYPES.map((v) => ({ value: v, label: v }))}
                  textFieldProps={{ sx: { minWidth: 90 } }}
                />
                <FormTextField
                  control={control}
                  name="proveedor.numeroDocumento"
                  label={t('form.numeroDocumento')}
                  required
                  mask={(v) => v.replace(/\D/g, '').slice(0, 9)}
                />
                <FormTextField
                  control={control}
                  name="proveedor.identificacion"
                  label={t('form.identificacion')}
                  required
                  textFieldProps={{ fullWidth: true }}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField
                  control={control}
                  name="proveedor.direccion"
                  label={t('form.direccion')}
                  textFieldProps={{ fullWidth: true }}
                />
                <FormTextField
                  control={control}
                  name="proveedor.correo"
                  label={t('form.correo')}
                  textFieldProps={{ fullWidth: true }}
                />
              </Stack>
            </Stack>
          </Card>
          <Card title={t('form.invoiceData')}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="nroControl" label={t('form.nroControl')} required />
              <FormTextField control={control} name="nroFactura" label={t('form.nroFactura')} required />
              <FormDateField control={control} name="fechaFactura" label={t('form.fechaFactura')} required />
              <FormSelectField
                control={control}
                name="tipoCompra"
                label={t('form.tipoCompra')}
                required
                options={PURCHASE_TYPES.map((v) => ({ value: v, label: v }))}
                textFieldProps={{ sx: { minWidth: 160 } }}
              />
            </Stack>
          </Card>
          <Card title={t('form.detail')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('form.concepto')}</TableCell>
                  <TableCell>{t('form.cantidad')}</TableCell>
                  <TableCell>{t('form.unidadMedida')}</TableCell>
                  <TableCell>{t('form.precio')}</TableCell>
                  <TableCell>{t('form.descuento')}</TableCell>
                  <TableCell>{t('form.exento')}</TableCell>
                  <TableCell>{t('form.alicuota')}</TableCell>
                  <TableCell>{t('form.tratamientoIva')}</TableCell>
                  <TableCell align="right">{t('form.importe')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.fields.map((f, i) => (
                  <TableRow key={f.id} data-testid={`purchase-line-${i}`}>
                    <TableCell sx={{ minWidth: 180 }}>
                      {lineField(i, 'concepto', t('form.concepto'), 160)}
                    </TableCell>
                    <TableCell>{lineField(i, 'cantidad', t('form.cantidad'), 80)}</TableCell>
                    <TableCell>
                      {lineField(i, 'unidadMedida', t('form.unidadMedida'), 120, PURCHASE_UNITS)}
                    </TableCell>
                    <TableCell>{lineField(i, 'precio', t('form.precio'), 110)}</TableCell>
                    <TableCell>{lineField(i, 'descuento', t('form.descuento'), 70)}</TableCell>
                    <TableCell>
                      <Controller
                        control={control}
                        name={`lstDetalles.${i}.exento`}
                        render={({ field }) => (
                          <Checkbox
                            checked={!!field.value}
                            onChange={(e) => field.onChange(e.target.checked)}
                            slotProps={{ input: { 'aria-label': `${t('form.exento')} ${i + 1}` } }}
                          />
                        )}
                      />
                    </TableCell>
                    <TableCell>{lineField(i, 'alicuota', t('form.alicuota'), 80, TAX_RATES)}</TableCell>
                    <TableCell>
                      <Controller
                        control={control}
                        name={`lstDetalles.${i}.tratamientoIva`}
                        render={({ field, fieldState }) => (
                          <TextField
                            select
                            size="small"
                            label={t('form.tratamientoIva')}
                            value={field.value ?? ''}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            inputRef={field.ref}
                            name={field.name}
                            error={!!fieldState.error}
                            helperText={fieldMessage(fieldState.error?.message)}
                            sx={{ minWidth: 150 }}
                            fullWidth
                          >
                            {['', ...PURCHASE_VAT_TREATMENTS].map((o) => (
                              <MenuItem key={o || 'default'} value={o}>
                                {t(`form.tratamiento.${o || 'DEFAULT'}`)}
                              </MenuItem>
                            ))}
                          </TextField>
                        )}
                      />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(totals.lines[i]?.importe ?? '0')}
                    </TableCell>
                    <TableCell>
                      <IconButton
                        aria-label={`${t('form.removeLine')} ${i + 1}`}
                        onClick={() => lines.remove(i)}
                        disabled={lines.fields.length === 1}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Button startIcon={<Add />} onClick={() => lines.append(emptyLine())} sx={{ mt: 1 }}>
              {t('form.addLine')}
            </Button>
          </Card>
          <Card title={t('form.payments')}>
            <Stack spacing={1}>
              {payments.fields.map((f, i) => (
                <Stack key={f.id} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <FormSelectField
                    control={control}
                    name={`lstPagos.${i}.modoPago`}
                    label={t('form.modoPago')}
                    options={PURCHASE_PAYMENT_METHODS.map((v) => ({
                      value: v,
                      label: paymentMethodLabel(v, language),
                    }))}
                    textFieldProps={{ size: 'small', sx: { minWidth: 180 } }}
                  />
                  <FormTextField
                    control={control}
                    name={`lstPagos.${i}.monto`}
                    label={t('form.monto')}
                    textFieldProps={{ size: 'small' }}
                  />
                  <FormSelectField
                    control={control}
                    name={`lstPagos.${i}.divisa`}
                    label={t('form.divisa')}
                    options={['VEF', 'USD', 'EUR', 'PTR'].map((v) => ({ value: v, label: v }))}
                    textFieldProps={{ size: 'small', sx: { minWidth: 100 } }}
                  />
                  <FormTextField
                    control={control}
                    name={`lstPagos.${i}.nro`}
                    label={t('form.nro')}
                    textFieldProps={{ size: 'small' }}
                  />
                  <IconButton
                    aria-label={`${t('form.removePayment')} ${i + 1}`}
                    onClick={() => payments.remove(i)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
              <Box>
                <Button
                  startIcon={<Add />}
                  onClick={() =>
                    payments.append({
                      modoPago: 'TRANSFERENCIA',
                      monto: totals.importeTotal,
                      divisa: 'VEF',
                      nro: '',
                    })
                  }
                >
                  {t('form.addPayment')}
                </Button>
              </Box>
            </Stack>
          </Card>
          {editing && canAccess(WITHHOLDINGS_PATH) && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <PurchaseVouchers purchase={editing} />
            </Paper>
          )}
        </Stack>
        <TotalsCard
          title={t('form.totals')}
          sections={[
            {
              rows: [
                { key: 'subTotal', label: t('form.subTotal'), value: formatAmount(totals.subTotal) },
                { key: 'totalExento', label: t('form.totalExento'), value: formatAmount(totals.totalExento) },
                {
                  key: 'montoDescuento',
                  label: t('form.montoDescuento'),
                  value: formatAmount(totals.montoDescuento),
                },
                ...totals.lstGravamenes.map((g) => ({
                  key: `iva-${Number(g.alicuota)}`,
                  label: t('form.iva', {
                    rate: formatAmount(g.alicuota),
                    base: formatAmount(g.baseImponible),
                  }),
                  value: formatAmount(g.montoAlicuota),
                })),
                {
                  key: 'importeTotal',
                  label: t('form.importeTotal'),
                  value: formatAmount(totals.importeTotal),
                  strong: true,
                },
              ],
            },
          ]}
        >
          <Button type="submit" variant="contained" fullWidth loading={save.isPending} sx={{ mt: 2 }}>
            {t('form.save')}
          </Button>
        </TotalsCard>
      </Box>
    </Box>
  );
}
