import './register.ts';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { autoNumberSchema } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, schemaResolver } from '../../app/forms.ts';
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
import { NumberRangeFields, NumberRangesTable } from './NumberRanges.tsx';

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
        <NumberRangesTable
          labelledBy={titleId}
          rows={ranges.map((r) => ({
            ...r,
            desde: r.nroFacturaDesde,
            hasta: r.nroFacturaHasta,
            actual: r.nroFacturaActual,
            estatus: r.logEstatusRegistro,
          }))}
          extra={{
            header: t('columns.acciones'),
            at: 'last',
            align: 'right',
            cell: (r) => {
              if (r.nroFacturaActual !== r.nroFacturaDesde) return null;
              const label = t('auto.deleteRange', { serie: r.serie, from: r.desde, to: r.hasta });
              return (
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
              );
            },
          }}
        />
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <NumberRangeFields
          control={control}
          errors={errors}
          names={{ serie: 'serie', desde: 'nroFacturaDesde', cantidad: 'cantidadFacturas' }}
          labels={{
            serie: t('auto.fields.serie'),
            desde: t('auto.fields.nroFacturaDesde'),
            cantidad: t('auto.fields.cantidadFacturas'),
          }}
          disabled={disabled}
          pending={add.isPending}
          submit={{ label: t('auto.addRange'), icon: <Add /> }}
        />
      </Box>
    </Box>
  );
}
