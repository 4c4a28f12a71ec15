import './register.ts';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { withholdingNumbersSchema } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { addWithholdingNumbers, useWithholdingNumbers, withholdingNumbersKey } from './api.ts';
import { NumberRangeFields, NumberRangesTable } from './NumberRanges.tsx';

interface WithholdingForm {
  id_localidad: string;
  serie: string;
  nroDesde: string;
  cantidad: string;
  asignaNro: boolean;
}

const FIELDS = ['serie', 'nroDesde', 'cantidad', 'asignaNro'];

/**
 * Automatic withholding voucher numbers of a company (spec 000 §2 parameters, §7 AddNroRetenciones /
 * getnroRetenciones): the registered sequences, the next voucher number, and a form to add one.
 */
export function WithholdingNumbersPanel({ companyId, disabled }: { companyId: string; disabled?: boolean }) {
  const { t } = useTranslation('numbering');
  const queryClient = useQueryClient();
  const titleId = useId();
  const numbers = useWithholdingNumbers(companyId);
  const rows = numbers.data ?? [];
  const live = rows.find((r) => r.logEstatusRegistro === 'ACTIVO') ?? rows[rows.length - 1];

  const {
    control,
    handleSubmit,
    setError,
    reset,
    setValue,
    formState: { errors },
  } = useForm<WithholdingForm>({
    resolver: schemaResolver<WithholdingForm>(withholdingNumbersSchema),
    defaultValues: { id_localidad: companyId, serie: '00', nroDesde: '', cantidad: '', asignaNro: true },
  });
  // The switch shows how the agent assigns today.
  useEffect(() => {
    if (live) setValue('asignaNro', live.asignaNro);
  }, [live, setValue]);

  const add = useMutation({
    mutationFn: (body: Parameters<typeof addWithholdingNumbers>[0]) => addWithholdingNumbers(body),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await add.mutateAsync(values as unknown as Parameters<typeof addWithholdingNumbers>[0]);
      notifySuccess(translateMessage(answer.message));
      reset({ ...values, nroDesde: '', cantidad: '' } as unknown as WithholdingForm);
      void queryClient.invalidateQueries({ queryKey: withholdingNumbersKey(companyId) });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('withholding.title')}
      </Typography>
      {live && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('withholding.next', { value: live.siguiente })}
        </Typography>
      )}
      {rows.length === 0 ? (
        numbers.data && (
          <Alert severity="info" variant="outlined" sx={{ mb: 1 }}>
            {t('withholding.empty')}
          </Alert>
        )
      ) : (
        <NumberRangesTable
          labelledBy={titleId}
          rows={rows.map((r) => ({
            ...r,
            desde: r.nroDesde,
            hasta: r.nroHasta,
            actual: r.nroActual,
            estatus: r.logEstatusRegistro,
          }))}
          extra={{
            header: t('withholding.assigns'),
            at: 'beforeStatus',
            cell: (r) => (r.asignaNro ? t('app:actions.yes') : t('app:actions.no')),
          }}
        />
      )}
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={1}>
        <Controller
          name="asignaNro"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(field.value)}
                  disabled={disabled}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              }
              label={t('withholding.switch')}
            />
          )}
        />
        <NumberRangeFields
          control={control}
          errors={errors}
          names={{ serie: 'serie', desde: 'nroDesde', cantidad: 'cantidad' }}
          labels={{
            serie: t('withholding.fields.serie'),
            desde: t('withholding.fields.nroDesde'),
            cantidad: t('withholding.fields.cantidad'),
          }}
          maxDigits={8}
          disabled={disabled}
          pending={add.isPending}
          submit={{ label: t('withholding.add'), icon: <Save /> }}
        />
      </Stack>
    </Box>
  );
}
