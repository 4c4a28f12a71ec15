import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchAllPages } from '../../app/api.ts';
import { schemaResolver } from '../../app/forms.ts';
import {
  FormAmountField,
  FormDateField,
  FormSelectField,
  FormTextField,
} from '../../components/form/index.ts';
import { fetchIslr, islrKey } from '../catalog/api.ts';
import { NS } from './register.ts';
import { emptyIslrLine, type IslrLineValues, islrLineSchema } from './withholdingDraft.ts';

const max20 = { slotProps: { htmlInput: { maxLength: 20 } } };
/** Spec 002 §9: the ISLR concepts are read 100 at a time. */
const CONCEPTS_PAGE = 100;

/** The ISLR line form (spec 002 §2.3, §5 "ISLR line"): the concept of Decreto 1.808 and its amounts. */
export function IslrLineForm({
  initial,
  onAdd,
}: {
  /** A document handed over by the purchase list fills the form (its concept is the user's choice). */
  initial: IslrLineValues | null;
  onAdd: (line: IslrLineValues) => void;
}) {
  const { t } = useTranslation(NS);
  const concepts = useQuery({
    queryKey: [...islrKey, 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((page, limit) => fetchIslr({ page, limit, search: '' }, signal), CONCEPTS_PAGE),
    staleTime: 300_000,
  });
  const { control, handleSubmit, reset } = useForm<IslrLineValues>({
    resolver: schemaResolver<IslrLineValues>(islrLineSchema),
    defaultValues: initial ?? emptyIslrLine(),
  });
  useEffect(() => reset(initial ?? emptyIslrLine()), [initial, reset]);
  // One option per code: a concept's code names it whatever the person type the table row is for.
  const options = [...new Map((concepts.data ?? []).map((c) => [c.Codigo, c])).values()].map((c) => ({
    value: c.Codigo,
    label: `${c.Codigo} - ${c.Concepto}`,
  }));

  const add = (line: IslrLineValues) => {
    onAdd(line);
    reset({ ...emptyIslrLine(), fechaDocumento: line.fechaDocumento });
  };

  return (
    <Grid
      container
      spacing={2}
      component="form"
      noValidate
      aria-label={t('new.detail')}
      onSubmit={handleSubmit(add)}
    >
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelectField<IslrLineValues>
          control={control}
          name="conceptoIslr"
          label={t('line.conceptoIslr')}
          required
          options={options}
          emptyText={concepts.isPending ? undefined : t('line.noConcepts')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FormDateField<IslrLineValues>
          control={control}
          name="fechaDocumento"
          label={t('line.fechaDocumento')}
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FormTextField<IslrLineValues>
          control={control}
          name="nroDocumento"
          label={t('line.nroDocumento')}
          required
          textFieldProps={max20}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FormTextField<IslrLineValues>
          control={control}
          name="nroControlDocumento"
          label={t('line.nroControlDocumento')}
          required
          textFieldProps={max20}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FormAmountField<IslrLineValues>
          control={control}
          name="montoTotalDocumento"
          label={t('line.montoTotalDocumento')}
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 2 }}>
        <FormAmountField<IslrLineValues>
          control={control}
          name="compraExento"
          label={t('line.compraExento')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 2 }}>
        <FormAmountField<IslrLineValues>
          control={control}
          name="baseImponible"
          label={t('line.baseImponible')}
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 2 }}>
        <FormAmountField<IslrLineValues>
          control={control}
          name="causadoRetenido"
          label={t('line.causadoRetenido')}
          required
        />
      </Grid>
      <Grid size={12} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="outlined" startIcon={<Add />}>
          {t('new.addLine')}
        </Button>
      </Grid>
    </Grid>
  );
}
