import ArrowForward from '@mui/icons-material/ArrowForward';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { schemaResolver } from '../../app/forms.ts';
import { FormDateField, FormSelectField, FormTextField } from '../../components/form/index.ts';
import { SectionCard } from '../documents/index.ts';
import type { InvoiceCompany } from '../invoices/api.ts';
import { NS } from './register.ts';
import {
  type HeaderValues,
  headerSchema,
  IVA_WITHHOLDING_RATES,
  MODELS,
  rifMask,
} from './withholdingDraft.ts';

/**
 * Step 1 of the add page (spec 002 §2.3, §4, §5): the agent (company and branch), the fiscal period,
 * the withheld party and the type. Submitting it enables step 2; its button reads 'Siguiente' before and
 * 'Actualizar' afterwards. The rate select is enabled only for IVA; changing the type resets it to 0.
 */
export function WithholdingHeaderCard({
  initial,
  companies,
  companiesLoading,
  done,
  onSubmit,
}: {
  /** The header to edit; a new object (reset, prefill) replaces the form's values. */
  initial: HeaderValues;
  companies: InvoiceCompany[];
  companiesLoading: boolean;
  done: boolean;
  onSubmit: (values: HeaderValues) => void;
}) {
  const { t } = useTranslation(NS);
  const { control, handleSubmit, watch, setValue, reset } = useForm<HeaderValues>({
    resolver: schemaResolver<HeaderValues>(headerSchema),
    defaultValues: initial,
  });
  useEffect(() => reset(initial), [initial, reset]);
  const modelo = watch('modeloRetencion');
  const companyId = watch('id_localidad');
  const branches = companies.find((c) => c.id === companyId)?.lstSucursales ?? [];

  return (
    <SectionCard title={t('new.header')}>
      <Grid
        container
        spacing={2}
        component="form"
        noValidate
        aria-label={t('new.header')}
        onSubmit={handleSubmit(onSubmit)}
      >
        <Grid size={12}>
          <Typography variant="overline">{t('new.agent')}</Typography>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField<HeaderValues>
            control={control}
            name="id_localidad"
            label={t('new.localidad')}
            required
            emptyText={companiesLoading ? undefined : t('new.noCompanies')}
            options={companies.map((c) => ({ value: c.id, label: `${c.nombre} (${c.rif})` }))}
            onChanged={() => setValue('codigoSucursal', '')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField<HeaderValues>
            control={control}
            name="codigoSucursal"
            label={t('new.sucursal')}
            disabled={branches.length === 0}
            helperText={companyId && branches.length === 0 ? t('new.noBranches') : undefined}
            options={[
              { value: '', label: '—' },
              ...branches.map((b) => ({
                value: b.codigoSucursal,
                label: `${b.codigoSucursal} - ${b.nombre}`,
              })),
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormSelectField<HeaderValues>
            control={control}
            name="modeloRetencion"
            label={t('new.modeloRetencion')}
            required
            options={MODELS.map((m) => ({ value: m, label: t(`models.${m}`) }))}
            onChanged={() => setValue('tasaRetencion', '0')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormSelectField<HeaderValues>
            control={control}
            name="tasaRetencion"
            label={t('new.tasaRetencion')}
            disabled={modelo !== 'IVA'}
            required={modelo === 'IVA'}
            options={[
              { value: '0', label: '—' },
              ...IVA_WITHHOLDING_RATES.map((r) => ({ value: r, label: `${r} %` })),
            ]}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <FormDateField<HeaderValues>
            control={control}
            name="periodoFiscalDel"
            label={t('new.periodoFiscalDel')}
            required
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <FormDateField<HeaderValues>
            control={control}
            name="periodoFiscalAl"
            label={t('new.periodoFiscalAl')}
            required
          />
        </Grid>
        <Grid size={12}>
          <Typography variant="overline">{t('new.supplier')}</Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField<HeaderValues>
            control={control}
            name="rifProveedor"
            label={t('new.rifProveedor')}
            required
            mask={rifMask}
            // The mask caps it at 11 characters; no maxLength, which would cut a pasted
            // 'J-12.345.678-9' before the mask strips its dots.
            textFieldProps={{ placeholder: 'J-123456789' }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField<HeaderValues>
            control={control}
            name="identificacion"
            label={t('new.identificacion')}
            required
            textFieldProps={{ slotProps: { htmlInput: { maxLength: 200 } } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField<HeaderValues>
            control={control}
            name="direccion"
            label={t('new.direccion')}
            required
            textFieldProps={{ slotProps: { htmlInput: { maxLength: 200 } } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField<HeaderValues>
            control={control}
            name="correo"
            label={t('new.correo')}
            required
            textFieldProps={{ type: 'email', slotProps: { htmlInput: { maxLength: 200 } } }}
          />
        </Grid>
        <Grid size={12} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant={done ? 'outlined' : 'contained'} endIcon={<ArrowForward />}>
            {done ? t('new.update') : t('new.next')}
          </Button>
        </Grid>
      </Grid>
    </SectionCard>
  );
}
