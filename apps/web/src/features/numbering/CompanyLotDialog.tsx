import './register.ts';
import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  companyLotSchema,
  defaultFirstNumber,
  formatControlNumber,
  lotFromFirstNumber,
  NUMBERING_MESSAGES,
} from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import {
  addCompanyLot,
  type CompanyLotBody,
  type ControlFamily,
  numberingKey,
  useCompanyLots,
} from './api.ts';
import { blankAsMissing, LotStatusField, NumberField, serieMask } from './fields.tsx';
import { companyLotRow, LotTable } from './LotTable.tsx';

interface LotForm {
  id_localidad: string;
  tipo: 'GLOBAL' | 'INDIVIDUAL';
  tipoFacturaOrden: ControlFamily;
  serie: string;
  nroControl: string;
  nroControlDesde: string;
  nroControlHasta: string;
  cantidadFacturas: string;
  cantidadLocalidad: string;
  logEstatusRegistro: 'ACTIVO' | 'ENCOLA';
}

const FIELDS = [
  'tipo',
  'tipoFacturaOrden',
  'serie',
  'nroControl',
  'nroControlDesde',
  'nroControlHasta',
  'cantidadFacturas',
  'cantidadLocalidad',
  'logEstatusRegistro',
];

interface Props {
  company: { id: string; nombre: string };
  /** Invoices or orders/guides (chosen in the form), or withholdings (own action). */
  kind: 'documents' | 'retention';
  onClose: () => void;
  /** After a lot was registered (the company detail and lists refresh). */
  onSaved?: () => void;
}

const isNumber = (v: string) => /^\d+$/.test(v);

/**
 * The form's 'Nro. de control inicial' is the first number the lot issues (typed 1, first document
 * 00-00000001); the wire keeps spec 000 §4's initial number, one less (lotFromFirstNumber), with Desde
 * and Hasta computed from it.
 */
function firstNumberResolver(inner: Resolver<LotForm>): Resolver<LotForm> {
  return async (values, context, options) => {
    const quantity = values.tipo === 'INDIVIDUAL' ? values.cantidadLocalidad : values.cantidadFacturas;
    const first = values.nroControl.trim();
    if (isNumber(first) && Number(first) === 0) {
      return {
        values: {},
        errors: { nroControl: { type: 'min', message: NUMBERING_MESSAGES.greaterThanZero } },
      };
    }
    const wire =
      isNumber(first) && isNumber(quantity.trim())
        ? lotFromFirstNumber(Number(first), Number(quantity))
        : null;
    // Desde/Hasta on screen are the formatted first and last numbers: never sent as such.
    const initial = isNumber(first) ? String(Number(first) - 1) : first;
    return inner(
      wire
        ? {
            ...values,
            nroControl: String(wire.nroControl),
            nroControlDesde: String(wire.nroControlDesde),
            nroControlHasta: String(wire.nroControlHasta),
          }
        : {
            ...values,
            nroControl: initial,
            nroControlDesde: isNumber(first) ? initial : '',
            nroControlHasta: '',
          },
      context,
      options,
    );
  };
}

/**
 * Add control numbers (spec 000 §2, §4, §5): Global or Individual, first number and quantity; the form
 * says which control numbers will be issued first and last, and sends Desde = initial number and
 * Hasta = initial plus quantity (the initial being the number before the first, see firstNumberResolver).
 */
export function CompanyLotDialog({ company, kind, onClose, onSaved }: Props) {
  const { t } = useTranslation('numbering');
  const queryClient = useQueryClient();
  const typeLabelId = useId();
  const retention = kind === 'retention';
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<LotForm>({
    resolver: firstNumberResolver(blankAsMissing(schemaResolver<LotForm>(companyLotSchema))),
    defaultValues: {
      id_localidad: company.id,
      tipo: 'GLOBAL',
      tipoFacturaOrden: retention ? 'RETENCION' : 'FACTURA',
      serie: '00',
      nroControl: '',
      nroControlDesde: '',
      nroControlHasta: '',
      cantidadFacturas: '',
      cantidadLocalidad: '',
      logEstatusRegistro: 'ACTIVO',
    },
  });
  const tipo = watch('tipo');
  const familia = watch('tipoFacturaOrden');
  const nroControl = watch('nroControl');
  const quantityField = tipo === 'INDIVIDUAL' ? 'cantidadLocalidad' : 'cantidadFacturas';
  const quantity = watch(quantityField);
  const lots = useCompanyLots(company.id, familia);

  const serie = watch('serie');
  const first = isNumber(nroControl) && Number(nroControl) > 0 ? Number(nroControl) : null;
  const last =
    first !== null && isNumber(quantity) && Number(quantity) > 0 ? first + Number(quantity) - 1 : null;

  // The disabled Desde/Hasta show the first and last control numbers the lot will issue.
  useEffect(() => {
    setValue('nroControlDesde', first !== null ? formatControlNumber(serie, first) : '');
    setValue('nroControlHasta', last !== null ? formatControlNumber(serie, last) : '');
  }, [first, last, serie, setValue]);

  // A family's first lot starts at 1, a later one right after the family's last number; until typed over.
  const typedFirst = useRef(false);
  useEffect(() => {
    if (!lots.data || typedFirst.current) return;
    setValue('nroControl', String(defaultFirstNumber(lots.data.map((l) => ({ hasta: l.nroControlHasta })))));
  }, [lots.data, setValue]);

  const switchType = (next: 'GLOBAL' | 'INDIVIDUAL' | null) => {
    if (!next || next === tipo) return;
    // The quantity typed stays: it moves to the field of the chosen type.
    const from = tipo === 'INDIVIDUAL' ? 'cantidadLocalidad' : 'cantidadFacturas';
    const to = next === 'INDIVIDUAL' ? 'cantidadLocalidad' : 'cantidadFacturas';
    setValue(to, getValues(from));
    setValue(from, '');
    setValue('tipo', next);
  };

  const save = useMutation({ mutationFn: (body: CompanyLotBody) => addCompanyLot(body) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values as unknown as CompanyLotBody);
      notifySuccess(translateMessage(answer.message));
      void queryClient.invalidateQueries({ queryKey: numberingKey });
      onSaved?.();
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const number = (name: 'nroControl' | 'cantidadFacturas' | 'cantidadLocalidad', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <NumberField
          {...field}
          onChange={(e) => {
            if (name === 'nroControl') typedFirst.current = true;
            field.onChange(e);
          }}
          required
          label={label}
          error={!!errors[name]}
          helperText={
            fieldMessage(errors[name]?.message) ??
            (name === 'nroControl' ? t('companyLot.hints.first') : undefined)
          }
        />
      )}
    />
  );

  return (
    <FormDialog
      open
      title={retention ? t('companyLot.retentionTitle') : t('companyLot.title')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      maxWidth="md"
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('companyLot.company', { name: company.nombre })}
        </Typography>
        <Grid container spacing={2}>
          {!retention && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                name="tipoFacturaOrden"
                control={control}
                render={({ field }) => (
                  <TextField
                    {...field}
                    select
                    required
                    label={t('companyLot.fields.tipoFacturaOrden')}
                    error={!!errors.tipoFacturaOrden}
                    helperText={fieldMessage(errors.tipoFacturaOrden?.message)}
                  >
                    {(['FACTURA', 'ORDEN'] as const).map((f) => (
                      <MenuItem key={f} value={f}>
                        {t(`families.${f}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          )}
          {!retention && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <Stack spacing={0.5}>
                <FormLabel id={typeLabelId} sx={{ typography: 'caption' }}>
                  {t('companyLot.fields.tipo')}
                </FormLabel>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  color="primary"
                  value={tipo}
                  onChange={(_e, next) => switchType(next)}
                  aria-labelledby={typeLabelId}
                >
                  <ToggleButton value="GLOBAL">{t('lotTypes.GLOBAL')}</ToggleButton>
                  <ToggleButton value="INDIVIDUAL">{t('lotTypes.INDIVIDUAL')}</ToggleButton>
                </ToggleButtonGroup>
                <FormHelperText sx={{ m: 0 }}>{t(`companyLot.hints.${tipo}`)}</FormHelperText>
              </Stack>
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 4 }}>
            <Controller
              name="serie"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  onChange={(e) => field.onChange(serieMask(e.target.value))}
                  label={t('companyLot.fields.serie')}
                  error={!!errors.serie}
                  helperText={fieldMessage(errors.serie?.message) ?? t('companyLot.hints.serie')}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{number('nroControl', t('companyLot.fields.nroControl'))}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {tipo === 'INDIVIDUAL'
              ? number('cantidadLocalidad', t('companyLot.fields.cantidadLocalidad'))
              : number('cantidadFacturas', t('companyLot.fields.cantidadFacturas'))}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Controller
              name="nroControlDesde"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  disabled
                  label={t('companyLot.fields.desde')}
                  error={!!errors.nroControlDesde}
                  helperText={fieldMessage(errors.nroControlDesde?.message)}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Controller
              name="nroControlHasta"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  disabled
                  label={t('companyLot.fields.hasta')}
                  error={!!errors.nroControlHasta}
                  helperText={fieldMessage(errors.nroControlHasta?.message)}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Controller
              name="logEstatusRegistro"
              control={control}
              render={({ field }) => (
                <LotStatusField
                  {...field}
                  required
                  label={t('companyLot.fields.status')}
                  error={!!errors.logEstatusRegistro}
                  helperText={fieldMessage(errors.logEstatusRegistro?.message)}
                />
              )}
            />
          </Grid>
        </Grid>
        {first !== null && last !== null && (
          <Alert severity="info" variant="outlined" data-testid="lot-range">
            {t('companyLot.hints.range', {
              from: formatControlNumber(serie, first),
              to: formatControlNumber(serie, last),
            })}
          </Alert>
        )}
        {lots.data && lots.data.length > 0 && (
          <LotTable
            title={`${t('companyLot.current')}: ${t(`families.${familia}`)}`}
            rows={lots.data.map(companyLotRow)}
            empty=""
          />
        )}
      </Stack>
    </FormDialog>
  );
}
