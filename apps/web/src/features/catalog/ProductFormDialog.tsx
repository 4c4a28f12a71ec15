import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dec, productSchema, SALE_TYPES } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import type { Product } from '../../components/ProductPicker/index.ts';
import { createProduct, type ProductBody, updateProduct, useAllTipos, useCompanyOptions } from './api.ts';
import { NS } from './common.tsx';
import { productFallbacks } from './fallbacks.ts';

interface ProductForm {
  id_localidad: string;
  codigo: string;
  descripcion: string;
  unidadMedida: string;
  tipoVenta: string;
  precio: string;
  divisaPrecio: string;
  PrecioPtr: string;
  PrecioEur: string;
  stock: string;
  exento: boolean;
  exonerado: boolean;
  tipoGravamen: { idgravamen: string } | '';
}

const FIELDS = [
  'id_localidad',
  'codigo',
  'descripcion',
  'unidadMedida',
  'tipoVenta',
  'precio',
  'divisaPrecio',
  'PrecioPtr',
  'PrecioEur',
  'stock',
  'exento',
  'exonerado',
  'tipoGravamen',
];

const PRICES = ['precio', 'divisaPrecio', 'PrecioPtr', 'PrecioEur'] as const;
/** Up to 8 decimals (PTR). */
const decimal = (v: string) => v.replace(/,/g, '.').replace(/[^\d.]/g, '');

interface Props {
  product?: Product;
  onClose: () => void;
  onSaved: (product: Product, message: string) => void;
}

/**
 * New product and edit product (spec 002 §5 "New product", §4): Exento and Exonerado exclude each other;
 * ticking one disables the other and disables and clears the tax-rate select.
 */
export function ProductFormDialog({ product, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const companies = useCompanyOptions();
  const tipos = useAllTipos();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<ProductForm>({
    resolver: schemaResolver<ProductForm>(productSchema),
    defaultValues: {
      id_localidad: product?.id_localidad.id ?? '',
      codigo: product?.codigo ?? '',
      descripcion: product?.descripcion ?? '',
      unidadMedida: product?.unidadMedida ?? 'UND',
      tipoVenta: product?.tipoVenta ?? 'Interna',
      precio: product?.precio ?? '',
      divisaPrecio: product?.divisaPrecio ?? '',
      PrecioPtr: product?.PrecioPtr ?? '',
      PrecioEur: product?.PrecioEur ?? '',
      // A quantity, without the zeros its numeric(20,3) column pads it with ("500.000" → "500").
      stock: product ? dec(product.stock).toFixed() : '',
      exento: product?.exento ?? false,
      exonerado: product?.exonerado ?? false,
      tipoGravamen: product?.tipoGravamen ? { idgravamen: product.tipoGravamen.idgravamen } : '',
    },
  });
  const exento = watch('exento');
  const exonerado = watch('exonerado');
  const noTax = exento || exonerado;

  // Types a product can carry: ACTIVO, and neither the "exento" nor the "exonerado" pseudo-types
  // (those are the checkboxes); the product's current type stays listed.
  const taxOptions = (tipos.data ?? []).filter(
    (x) =>
      (x.logEstatusRegistro === 'ACTIVO' && !x.exento && !x.exonerado) ||
      x.id === product?.tipoGravamen?.idgravamen,
  );

  const save = useMutation({
    meta: { fallbacks: productFallbacks.create },
    mutationFn: (values: ProductForm) => {
      const idgravamen = values.tipoGravamen ? values.tipoGravamen.idgravamen : '';
      const tipo = noTax ? undefined : tipos.data?.find((x) => x.id === idgravamen);
      const body: ProductBody = {
        id_localidad: values.id_localidad,
        codigo: values.codigo.trim(),
        descripcion: values.descripcion.trim(),
        unidadMedida: values.unidadMedida.trim().toUpperCase(),
        // The select offers only SALE_TYPES (Interna, Exportacion).
        tipoVenta: values.tipoVenta as ProductBody['tipoVenta'],
        precio: values.precio || '0',
        divisaPrecio: values.divisaPrecio || '0',
        PrecioPtr: values.PrecioPtr || '0',
        PrecioEur: values.PrecioEur || '0',
        stock: values.stock,
        exento: values.exento,
        exonerado: values.exonerado,
        tipoGravamen: tipo
          ? {
              idgravamen: tipo.id,
              concepto: tipo.concepto,
              ivaGeneral: tipo.ivaGeneral,
              lstValores: tipo.lstValores.map((v) => ({
                valor: v.valor,
                fechaDesde: v.fechaDesde,
                fechaHasta: v.fechaHasta,
              })),
            }
          : undefined,
      };
      return product ? updateProduct(product.id, body) : createProduct(body);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      onSaved(answer.result, answer.message);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const exclusive = (name: 'exento' | 'exonerado', checked: boolean) => {
    setValue(name, checked, { shouldDirty: true });
    if (checked) setValue('tipoGravamen', '', { shouldValidate: false });
  };

  const companyList = companies.data ?? [];

  return (
    <FormDialog
      open
      title={product ? t('productos.editTitle') : t('productos.addTitle')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <Controller
            name="id_localidad"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                select
                required
                disabled={!!product}
                label={t('productos.fields.id_localidad')}
                error={!!errors.id_localidad}
                helperText={
                  fieldMessage(errors.id_localidad?.message) ??
                  (companies.isSuccess && companyList.length === 0 ? t('common.noCompanies') : undefined)
                }
              >
                {companyList.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.nombre}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...register('codigo')}
            required
            label={t('productos.fields.codigo')}
            slotProps={{ htmlInput: { maxLength: 30 } }}
            error={!!errors.codigo}
            helperText={fieldMessage(errors.codigo?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            {...register('descripcion')}
            required
            label={t('productos.fields.descripcion')}
            error={!!errors.descripcion}
            helperText={fieldMessage(errors.descripcion?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...register('unidadMedida')}
            required
            label={t('productos.fields.unidadMedida')}
            slotProps={{ htmlInput: { maxLength: 10 } }}
            error={!!errors.unidadMedida}
            helperText={fieldMessage(errors.unidadMedida?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            name="tipoVenta"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                select
                required
                label={t('productos.fields.tipoVenta')}
                error={!!errors.tipoVenta}
                helperText={fieldMessage(errors.tipoVenta?.message)}
              >
                {SALE_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`productos.saleTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            name="stock"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                onChange={(e) => field.onChange(decimal(e.target.value))}
                required
                label={t('productos.fields.stock')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                error={!!errors.stock}
                helperText={fieldMessage(errors.stock?.message)}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <Divider textAlign="left">
            <Typography variant="overline">{t('productos.prices')}</Typography>
          </Divider>
        </Grid>
        {PRICES.map((name) => (
          <Grid key={name} size={{ xs: 6, sm: 3 }}>
            <Controller
              name={name}
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  onChange={(e) => field.onChange(decimal(e.target.value))}
                  label={t(`productos.fields.${name}`)}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  error={!!errors[name]}
                  helperText={fieldMessage(errors[name]?.message)}
                />
              )}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <Divider />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={exento}
                disabled={exonerado}
                onChange={(e) => exclusive('exento', e.target.checked)}
              />
            }
            label={t('productos.fields.exento')}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={exonerado}
                disabled={exento}
                onChange={(e) => exclusive('exonerado', e.target.checked)}
              />
            }
            label={t('productos.fields.exonerado')}
          />
          {errors.exonerado?.message && (
            <FormHelperText error>{fieldMessage(errors.exonerado.message)}</FormHelperText>
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <Controller
            name="tipoGravamen"
            control={control}
            render={({ field }) => (
              <TextField
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                value={field.value ? field.value.idgravamen : ''}
                onChange={(e) => field.onChange(e.target.value ? { idgravamen: e.target.value } : '')}
                select
                required={!noTax}
                disabled={noTax}
                label={t('productos.fields.tipoGravamen')}
                error={!!errors.tipoGravamen}
                helperText={
                  fieldMessage(errors.tipoGravamen?.message) ??
                  (tipos.isSuccess && taxOptions.length === 0 ? t('productos.noTaxTypes') : undefined)
                }
              >
                {taxOptions.map((x) => {
                  const value = x.lstValores.filter((v) => v.logEstatusRegistro === 'ACTIVO').at(-1)?.valor;
                  return (
                    <MenuItem key={x.id} value={x.id}>
                      {value ? `${x.concepto} (${value} %)` : x.concepto}
                    </MenuItem>
                  );
                })}
              </TextField>
            )}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
