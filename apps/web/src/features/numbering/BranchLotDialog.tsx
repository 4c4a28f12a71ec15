import './register.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  branchLotSchema,
  lotControlRange,
  NUMBERING_EXTRA_MESSAGES,
  NUMBERING_MESSAGES,
} from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import {
  addBranchLot,
  type BranchLotBody,
  type ControlLot,
  numberingKey,
  useBranchLots,
  useCompanyLots,
} from './api.ts';
import { LotStatusField, NumberField, serieMask } from './fields.tsx';
import { branchLotRow, companyLotRow, LotTable } from './LotTable.tsx';

type Family = 'FACTURA' | 'ORDEN';

interface BranchLotForm {
  id_sucursal: string;
  IDControlFacturalocalidad: string;
  tipo: string;
  cantidadFacturas: string;
  serie: string;
  logEstatusRegistro: 'ACTIVO' | 'ENCOLA';
}

const FIELDS = ['cantidadFacturas', 'serie', 'logEstatusRegistro', 'tipo'];

interface Props {
  branch: { id: string; nombre: string; codigoSucursal?: string; id_localidad: string; localidad?: string };
  onClose: () => void;
  onSaved?: () => void;
}

/** Why a branch lot cannot be carved now (spec 000 §4), or null when it can. */
function blockedBy(lot: ControlLot | undefined): string | null {
  if (!lot) return NUMBERING_MESSAGES.noActiveCompanyLot;
  if (lot.tipo === 'Global') return NUMBERING_MESSAGES.globalCompanyLot;
  if (lot.cantidadFacturas - lot.nroSubControl <= 0) return NUMBERING_EXTRA_MESSAGES.companyQuotaUsed;
  return null;
}

/**
 * Add control to branch (spec 000 §2, §4): carves a quantity from the company's active Individual lot,
 * whose free quota (cantidadFacturas − nroSubControl) is shown. A Global or used-up company lot blocks
 * it; the branch's own lots are listed below.
 */
export function BranchLotDialog({ branch, onClose, onSaved }: Props) {
  const { t } = useTranslation('numbering');
  const queryClient = useQueryClient();
  const [familia, setFamilia] = useState<Family>('FACTURA');
  const lots = useCompanyLots(branch.id_localidad, familia);
  const branchLots = useBranchLots(branch.id, familia);
  const lot = lots.data?.find((l) => l.logEstatusRegistro === 'ACTIVO');
  const range = lot ? lotControlRange(companyLotRow(lot)) : undefined;
  const blocked = lots.isSuccess ? blockedBy(lot) : null;
  const usable = lots.isSuccess && blocked === null && lot !== undefined;
  const free = lot ? lot.cantidadFacturas - lot.nroSubControl : 0;

  const {
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<BranchLotForm>({
    resolver: schemaResolver<BranchLotForm>(branchLotSchema),
    defaultValues: {
      id_sucursal: branch.id,
      IDControlFacturalocalidad: '',
      tipo: familia,
      cantidadFacturas: '',
      serie: '',
      logEstatusRegistro: 'ACTIVO',
    },
  });
  const quantity = watch('cantidadFacturas');

  // The lot's id, series and type follow the company lot found for the chosen family.
  useEffect(() => {
    setValue('IDControlFacturalocalidad', lot?.id ?? '');
    setValue('serie', lot?.serie ?? '');
    setValue('tipo', familia);
  }, [lot?.id, lot?.serie, familia, setValue]);

  const save = useMutation({ mutationFn: (body: BranchLotBody) => addBranchLot(familia, body) });

  const onSubmit = handleSubmit(async (values) => {
    if (!usable) return;
    try {
      const answer = await save.mutateAsync(values as unknown as BranchLotBody);
      notifySuccess(translateMessage(answer.message));
      void queryClient.invalidateQueries({ queryKey: numberingKey });
      onSaved?.();
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const desde = lot ? lot.nroControlDesde + lot.nroSubControl : 0;
  const hasta = /^\d+$/.test(quantity) ? desde + Number(quantity) : '';
  const branchName = branch.codigoSucursal ? `${branch.codigoSucursal} - ${branch.nombre}` : branch.nombre;

  return (
    <FormDialog
      title={t('branchLot.title')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      submitDisabled={!usable}
      maxWidth="md"
    >
      <Stack spacing={2}>
        <Box>
          {branch.localidad && (
            <Typography variant="body2" color="text.secondary">
              {t('branchLot.company', { name: branch.localidad })}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('branchLot.branch', { name: branchName })}
          </Typography>
        </Box>
        <TextField
          select
          required
          label={t('branchLot.fields.familia')}
          value={familia}
          onChange={(e) => setFamilia(e.target.value as Family)}
          sx={{ maxWidth: 320 }}
        >
          {(['FACTURA', 'ORDEN'] as const).map((f) => (
            <MenuItem key={f} value={f}>
              {t(`families.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        {lots.isPending && <Typography variant="body2">{t('branchLot.loadingLot')}</Typography>}
        {blocked && (
          <Alert severity="warning" role="alert">
            {translateMessage(blocked)}
          </Alert>
        )}
        {lot && (
          <Box
            component="dl"
            aria-label={t('branchLot.companyLot')}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, max-content 1fr)', sm: 'repeat(5, max-content 1fr)' },
              columnGap: 1.5,
              rowGap: 0.5,
              m: 0,
              p: 1.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
            }}
          >
            {(
              [
                [t('columns.tipo'), t(`lotTypes.${lot.tipo}`)],
                [t('columns.serie'), lot.serie],
                [t('columns.desde'), range?.desde],
                [t('columns.hasta'), range?.hasta],
                [t('branchLot.free'), free],
              ] as Array<[string, string | number]>
            ).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }} data-label={label}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Controller
              name="cantidadFacturas"
              control={control}
              render={({ field }) => (
                <NumberField
                  {...field}
                  required
                  disabled={!usable}
                  label={t('branchLot.fields.cantidadFacturas')}
                  error={!!errors.cantidadFacturas}
                  helperText={fieldMessage(errors.cantidadFacturas?.message)}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Controller
              name="serie"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  onChange={(e) => field.onChange(serieMask(e.target.value))}
                  required
                  disabled={!usable}
                  label={t('branchLot.fields.serie')}
                  error={!!errors.serie}
                  helperText={fieldMessage(errors.serie?.message)}
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
                  disabled={!usable}
                  label={t('branchLot.fields.status')}
                  error={!!errors.logEstatusRegistro}
                  helperText={fieldMessage(errors.logEstatusRegistro?.message)}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField disabled label={t('branchLot.fields.desde')} value={lot ? desde : ''} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <TextField disabled label={t('branchLot.fields.hasta')} value={hasta} />
          </Grid>
        </Grid>
        {branchLots.data && (
          <LotTable
            title={t('branchLot.lots')}
            rows={branchLots.data.map(branchLotRow)}
            empty={t('branchLot.noLots', { family: t(`families.${familia}`) })}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
