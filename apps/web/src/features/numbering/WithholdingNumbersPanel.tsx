import './register.ts';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { withholdingNumbersSchema } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { addWithholdingNumbers, useWithholdingNumbers, withholdingNumbersKey } from './api.ts';
import { NumberField, serieMask } from './fields.tsx';

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
        <TableContainer sx={{ mb: 1 }}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.serie')}</TableCell>
                <TableCell align="right">{t('columns.desde')}</TableCell>
                <TableCell align="right">{t('columns.hasta')}</TableCell>
                <TableCell align="right">{t('columns.actual')}</TableCell>
                <TableCell align="right">{t('columns.disponibles')}</TableCell>
                <TableCell>{t('withholding.assigns')}</TableCell>
                <TableCell>{t('columns.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.serie}</TableCell>
                  <TableCell align="right">{r.nroDesde}</TableCell>
                  <TableCell align="right">{r.nroHasta}</TableCell>
                  <TableCell align="right">{r.nroActual}</TableCell>
                  <TableCell align="right">{r.disponibles}</TableCell>
                  <TableCell>{r.asignaNro ? t('app:actions.yes') : t('app:actions.no')}</TableCell>
                  <TableCell>
                    {t(`lotStatus.${r.logEstatusRegistro}`, { defaultValue: r.logEstatusRegistro })}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
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
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Controller
            name="serie"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                onChange={(e) => field.onChange(serieMask(e.target.value))}
                disabled={disabled}
                label={t('withholding.fields.serie')}
                sx={{ width: { xs: '100%', sm: 120 }, flexShrink: 0 }}
                error={!!errors.serie}
                helperText={fieldMessage(errors.serie?.message)}
              />
            )}
          />
          <Controller
            name="nroDesde"
            control={control}
            render={({ field }) => (
              <NumberField
                {...field}
                required
                disabled={disabled}
                maxDigits={8}
                label={t('withholding.fields.nroDesde')}
                error={!!errors.nroDesde}
                helperText={fieldMessage(errors.nroDesde?.message)}
              />
            )}
          />
          <Controller
            name="cantidad"
            control={control}
            render={({ field }) => (
              <NumberField
                {...field}
                required
                disabled={disabled}
                maxDigits={8}
                label={t('withholding.fields.cantidad')}
                error={!!errors.cantidad}
                helperText={fieldMessage(errors.cantidad?.message)}
              />
            )}
          />
          <Button
            type="submit"
            variant="outlined"
            startIcon={<Save />}
            loading={add.isPending}
            disabled={disabled}
            sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
          >
            {t('withholding.add')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
