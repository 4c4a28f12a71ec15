import './register.ts';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
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
import { autoNumberSchema } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import {
  type AutoNumbering,
  type AutoTarget,
  addInvoiceNumberRange,
  autoNumberingKey,
  deleteInvoiceNumberRange,
  setAutoNumberingMode,
  useAutoNumbering,
} from './api.ts';
import { NumberField, serieMask } from './fields.tsx';

interface RangeForm {
  id: string;
  serie: string;
  nroFacturaDesde: string;
  cantidadFacturas: string;
}

const FIELDS = ['serie', 'nroFacturaDesde', 'cantidadFacturas'];

/**
 * Automatic invoice numbers of a company or branch (spec 000 §4, §7): the switch sets GLOBAL (on) or
 * INACTIVO (off); the ranges, the next number, a form to add a range and a delete for unused ranges.
 */
export function AutoNumberPanel({
  id,
  tipo,
  disabled,
}: {
  id: string;
  tipo: AutoTarget;
  disabled?: boolean;
}) {
  const { t } = useTranslation('numbering');
  const queryClient = useQueryClient();
  const titleId = useId();
  const auto = useAutoNumbering(id, tipo);
  const key = autoNumberingKey(id, tipo);
  const on = auto.data ? auto.data.asignaNroFacturas !== 'INACTIVO' : false;

  const mode = useMutation({
    mutationFn: (next: boolean) => setAutoNumberingMode(id, tipo, next),
    // The switch moves at once; a failure reloads what the server keeps.
    onMutate: (next) => {
      queryClient.setQueryData<AutoNumbering>(key, (data) =>
        data ? { ...data, asignaNroFacturas: next ? 'GLOBAL' : 'INACTIVO' } : data,
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
    onSuccess: (answer) => {
      notifySuccess(translateMessage(answer.message));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const remove = useMutation({
    mutationFn: (rangeId: string) => deleteInvoiceNumberRange(rangeId),
    onSuccess: (answer) => {
      notifySuccess(translateMessage(answer.message));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RangeForm>({
    resolver: schemaResolver<RangeForm>(autoNumberSchema),
    defaultValues: { id, serie: '00', nroFacturaDesde: '', cantidadFacturas: '' },
  });
  const add = useMutation({
    mutationFn: (body: { id: string; serie: string; nroFacturaDesde: number; cantidadFacturas: number }) =>
      addInvoiceNumberRange(tipo, body),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await add.mutateAsync(values as unknown as Parameters<typeof addInvoiceNumberRange>[1]);
      notifySuccess(translateMessage(answer.message));
      reset({ id, serie: values.serie, nroFacturaDesde: '', cantidadFacturas: '' });
      void queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const ranges = auto.data?.rangos ?? [];
  const next = auto.data?.siguiente;

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('auto.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              disabled={disabled || !auto.data || mode.isPending}
              onChange={(e) => mode.mutate(e.target.checked)}
            />
          }
          label={t('auto.switch')}
        />
        {auto.data && (
          <Chip
            size="small"
            variant="outlined"
            color={on ? 'success' : 'default'}
            label={
              auto.data.asignaNroFacturas === 'INDIVIDUAL'
                ? t('auto.individual')
                : on
                  ? t('auto.on')
                  : t('auto.off')
            }
          />
        )}
      </Stack>
      {auto.data && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="auto-next">
          {next ? t('auto.next', { value: `${next.serie}-${next.nroFactura}` }) : t('auto.noNext')}
        </Typography>
      )}
      {ranges.length === 0 ? (
        auto.data && (
          <Alert severity="info" variant="outlined" sx={{ mb: 1 }}>
            {t('auto.empty')}
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
                <TableCell>{t('columns.status')}</TableCell>
                <TableCell align="right">{t('columns.acciones')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ranges.map((r) => {
                const label = t('auto.deleteRange', {
                  serie: r.serie,
                  from: r.nroFacturaDesde,
                  to: r.nroFacturaHasta,
                });
                return (
                  <TableRow key={r.id}>
                    <TableCell>{r.serie}</TableCell>
                    <TableCell align="right">{r.nroFacturaDesde}</TableCell>
                    <TableCell align="right">{r.nroFacturaHasta}</TableCell>
                    <TableCell align="right">{r.nroFacturaActual}</TableCell>
                    <TableCell align="right">{r.disponibles}</TableCell>
                    <TableCell>
                      {t(`lotStatus.${r.logEstatusRegistro}`, { defaultValue: r.logEstatusRegistro })}
                    </TableCell>
                    <TableCell align="right" sx={{ py: 0 }}>
                      {r.nroFacturaActual === r.nroFacturaDesde && (
                        <Tooltip title={label}>
                          <IconButton
                            size="small"
                            color="error"
                            aria-label={label}
                            disabled={disabled || remove.isPending}
                            onClick={() => remove.mutate(r.id)}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Stack
        component="form"
        noValidate
        onSubmit={onSubmit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
      >
        <Controller
          name="serie"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              onChange={(e) => field.onChange(serieMask(e.target.value))}
              disabled={disabled}
              label={t('auto.fields.serie')}
              sx={{ width: { xs: '100%', sm: 120 }, flexShrink: 0 }}
              error={!!errors.serie}
              helperText={fieldMessage(errors.serie?.message)}
            />
          )}
        />
        <Controller
          name="nroFacturaDesde"
          control={control}
          render={({ field }) => (
            <NumberField
              {...field}
              required
              disabled={disabled}
              label={t('auto.fields.nroFacturaDesde')}
              error={!!errors.nroFacturaDesde}
              helperText={fieldMessage(errors.nroFacturaDesde?.message)}
            />
          )}
        />
        <Controller
          name="cantidadFacturas"
          control={control}
          render={({ field }) => (
            <NumberField
              {...field}
              required
              disabled={disabled}
              label={t('auto.fields.cantidadFacturas')}
              error={!!errors.cantidadFacturas}
              helperText={fieldMessage(errors.cantidadFacturas?.message)}
            />
          )}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<Add />}
          loading={add.isPending}
          disabled={disabled}
          sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
        >
          {t('auto.addRange')}
        </Button>
      </Stack>
    </Box>
  );
}
