import './register.ts';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { tipoGravamenSchema } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { usePermission } from '../../app/permissions.ts';
import { CatalogScreen, statusColumn } from '../../components/CatalogScreen.tsx';
import { type DataTableColumn, StatusChip } from '../../components/DataTable/index.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { DateField } from '../../components/form/DateField.tsx';
import { isoDay } from '../../components/format.ts';
import { createTipo, fetchTipos, type TipoGravamen, tiposKey, toggleTipo } from './api.ts';
import { NS, today, useYesNo } from './common.tsx';
import { productFallbacks } from './fallbacks.ts';

export const TIPO_GRAVAMEN_PATH = '/mantenimiento/TipoGravamen';
const rowId = (t: TipoGravamen) => t.id;
const decimal = (v: string) => v.replace(/[^\d.]/g, '');

/**
 * /mantenimiento/TipoGravamen 'Tipos Alicuotas' (spec 002 §2.10): Nombre (concepto), IVA General Si/No,
 * Estatus; the detail 'Valores Gravamenes'. Permission keys add and cancel; one Activar/Inactivar modal.
 */
export default function TipoGravamenPage() {
  const { t } = useTranslation(NS);
  const can = usePermission(TIPO_GRAVAMEN_PATH);
  const yesNo = useYesNo();
  const columns: DataTableColumn<TipoGravamen>[] = [
    { id: 'concepto', header: t('tipos.columns.concepto'), value: (r) => r.concepto, width: '60%' },
    { id: 'ivaGeneral', header: t('tipos.columns.ivaGeneral'), value: (r) => yesNo(r.ivaGeneral) },
    statusColumn(t('common.estatus')),
  ];
  return (
    <CatalogScreen<TipoGravamen>
      title={t('tipos.title')}
      queryKey={tiposKey}
      fetchPage={fetchTipos}
      columns={columns}
      getRowId={rowId}
      exportName="tipos-alicuotas"
      nameOf={(r) => r.concepto}
      isActive={(r) => r.logEstatusRegistro === 'ACTIVO'}
      renderDetail={(r) => <ValoresDetail tipo={r} />}
      canAdd={can('add')}
      canEdit={false}
      canToggle={can('cancel')}
      toggle={{ mode: 'modal', toggle: toggleTipo }}
      errorFallbacks={productFallbacks}
      renderForm={({ onClose, onSaved }) => <TipoForm onClose={onClose} onSaved={onSaved} />}
    />
  );
}

/** 'Valores Gravamenes': value, from, to, status, or 'Sin valoes' (the spec's wording). */
function ValoresDetail({ tipo }: { tipo: TipoGravamen }) {
  const { t } = useTranslation(NS);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('tipos.detailTitle')}</Typography>
      {tipo.lstValores.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tipos.noValues')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('tipos.detailTitle')} sx={{ maxWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('tipos.detailColumns.valor')}</TableCell>
              <TableCell>{t('tipos.detailColumns.desde')}</TableCell>
              <TableCell>{t('tipos.detailColumns.hasta')}</TableCell>
              <TableCell>{t('tipos.detailColumns.estatus')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tipo.lstValores.map((v) => (
              <TableRow key={v.id}>
                <TableCell>{v.valor} %</TableCell>
                <TableCell>{isoDay(v.fechaDesde)}</TableCell>
                <TableCell>{isoDay(v.fechaHasta)}</TableCell>
                <TableCell>
                  <StatusChip status={v.logEstatusRegistro} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

interface TipoFormValues {
  codigo: string;
  concepto: string;
  tipo: number;
  ivaGeneral: boolean;
  lstValores: Array<{ valor: string; fechaDesde: string; fechaHasta: string }>;
}

const FIELDS = ['codigo', 'concepto', 'ivaGeneral', 'lstValores'];

/** New tax-rate type (spec 002 §5): codigo, concepto and at least one value with its dates; tipo 6. */
function TipoForm({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (tipo: TipoGravamen, message: string) => void;
}) {
  const { t } = useTranslation(NS);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TipoFormValues>({
    resolver: schemaResolver<TipoFormValues>(tipoGravamenSchema),
    defaultValues: {
      codigo: '',
      concepto: '',
      tipo: 6,
      ivaGeneral: false,
      lstValores: [{ valor: '', fechaDesde: today(), fechaHasta: '' }],
    },
  });
  const valores = useFieldArray({ control, name: 'lstValores' });
  const save = useMutation({ mutationFn: createTipo, meta: { fallbacks: productFallbacks.create } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({ ...values, tipo: 6 });
      onSaved(answer.result, answer.message);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <FormDialog
      open
      title={t('tipos.addTitle')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField
            {...register('codigo')}
            required
            label={t('tipos.fields.codigo')}
            slotProps={{ htmlInput: { maxLength: 10 } }}
            error={!!errors.codigo}
            helperText={fieldMessage(errors.codigo?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 9 }}>
          <TextField
            {...register('concepto')}
            required
            label={t('tipos.fields.concepto')}
            slotProps={{ htmlInput: { maxLength: 120 } }}
            error={!!errors.concepto}
            helperText={fieldMessage(errors.concepto?.message)}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            name="ivaGeneral"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                }
                label={t('tipos.fields.ivaGeneral')}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <Typography variant="subtitle2">{t('tipos.fields.valores')}</Typography>
          {errors.lstValores?.message && (
            <FormHelperText error>{fieldMessage(errors.lstValores.message)}</FormHelperText>
          )}
        </Grid>
        {valores.fields.map((item, index) => (
          <Grid key={item.id} size={12} container spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, sm: 3 }}>
              <Controller
                name={`lstValores.${index}.valor`}
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    onChange={(e) => field.onChange(decimal(e.target.value))}
                    required
                    label={t('tipos.fields.valor')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    error={!!fieldState.error}
                    helperText={fieldMessage(fieldState.error?.message)}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                name={`lstValores.${index}.fechaDesde`}
                control={control}
                render={({ field, fieldState }) => (
                  <DateField
                    {...field}
                    required
                    label={t('tipos.fields.fechaDesde')}
                    error={!!fieldState.error}
                    helperText={fieldMessage(fieldState.error?.message)}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 10, sm: 4 }}>
              <Controller
                name={`lstValores.${index}.fechaHasta`}
                control={control}
                render={({ field, fieldState }) => (
                  <DateField
                    {...field}
                    required
                    label={t('tipos.fields.fechaHasta')}
                    error={!!fieldState.error}
                    helperText={fieldMessage(fieldState.error?.message)}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 2, sm: 1 }}>
              <IconButton
                aria-label={t('tipos.removeValue', { index: index + 1 })}
                disabled={valores.fields.length === 1}
                onClick={() => valores.remove(index)}
              >
                <DeleteOutlined />
              </IconButton>
            </Grid>
          </Grid>
        ))}
        <Grid size={12}>
          <Button
            startIcon={<Add />}
            onClick={() => valores.append({ valor: '', fechaDesde: today(), fechaHasta: '' })}
          >
            {t('tipos.addValue')}
          </Button>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
