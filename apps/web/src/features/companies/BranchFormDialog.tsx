import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { branchSchema, branchUpdateSchema, PHONE_EXAMPLE } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { AddressFields } from './AddressFields.tsx';
import { addBranch, type Branch, type BranchBody, updateBranch, useCompanyOptions } from './api.ts';

interface BranchForm {
  id_sucursal: string;
  id_localidad: string;
  codigoSucursal: string;
  nombre: string;
  direccion: string;
  telefono: string;
  correo: string;
  id_estado: string;
  id_municipio: string;
}

const FIELDS = [
  'id_localidad',
  'codigoSucursal',
  'nombre',
  'direccion',
  'telefono',
  'correo',
  'id_estado',
  'id_municipio',
];

/** The company a branch is added to, when the screen already has one (the company list's row). */
export interface CompanyRef {
  id: string;
  nombre: string;
  id_estado?: string | null;
  id_municipio?: string | null;
}

interface Props {
  branch?: Branch;
  company?: CompanyRef;
  onClose: () => void;
  onSaved: (branch: Branch, message: string) => void;
}

/**
 * Add and modify branch (spec 000 §2, §5): the razón social is picked when none is active; phone
 * (###) #######, hint 'ej: (212) 5551234'. Answers 'Sucursal registrada' / 'Sucursal Modificada'.
 */
export function BranchFormDialog({ branch, company, onClose, onSaved }: Props) {
  const { t } = useTranslation('companies');
  const editing = branch !== undefined;
  const pickCompany = !editing && !company;
  const companies = useCompanyOptions(pickCompany);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<BranchForm>({
    resolver: schemaResolver<BranchForm>(editing ? branchUpdateSchema : branchSchema),
    defaultValues: {
      id_sucursal: branch?.id ?? '',
      id_localidad: branch?.id_localidad ?? company?.id ?? '',
      codigoSucursal: branch?.codigoSucursal ?? '',
      nombre: branch?.nombre ?? '',
      direccion: branch?.direccion ?? '',
      telefono: branch?.telefono ?? '',
      correo: branch?.correo ?? '',
      id_estado: branch?.id_estado ?? company?.id_estado ?? '',
      id_municipio: branch?.id_municipio ?? company?.id_municipio ?? '',
    },
  });
  const estado = watch('id_estado');

  const save = useMutation({
    mutationFn: (values: BranchForm) => {
      const body: BranchBody = {
        nombre: values.nombre,
        direccion: values.direccion,
        telefono: values.telefono,
        correo: values.correo,
        id_estado: values.id_estado,
        id_municipio: values.id_municipio,
      };
      return branch
        ? updateBranch(branch.id, body)
        : addBranch({ ...body, id_localidad: values.id_localidad, codigoSucursal: values.codigoSucursal });
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

  const companyName = branch?.localidad ?? company?.nombre;
  const noCompanies = pickCompany && companies.isSuccess && companies.data.length === 0;

  return (
    <FormDialog
      open
      title={editing ? t('branches.editTitle') : t('branches.addTitle')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      submitLabel={editing ? t('branches.modify') : undefined}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        {pickCompany ? (
          <Grid size={12}>
            <Controller
              name="id_localidad"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  required
                  label={t('branches.fields.id_localidad')}
                  disabled={noCompanies}
                  error={!!errors.id_localidad}
                  helperText={
                    fieldMessage(errors.id_localidad?.message) ??
                    (noCompanies ? t('branches.noCompanies') : undefined)
                  }
                  onChange={(e) => {
                    field.onChange(e);
                    // The company's place is the usual place of its branches.
                    const chosen = companies.data?.find((c) => c.id === e.target.value);
                    if (chosen && !estado) {
                      setValue('id_estado', chosen.id_estado ?? '');
                      setValue('id_municipio', chosen.id_municipio ?? '');
                    }
                  }}
                >
                  {(companies.data ?? []).map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.nombre}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
        ) : (
          companyName && (
            <Grid size={12}>
              <Typography variant="body2" color="text.secondary">
                {t('branches.company', { name: companyName })}
              </Typography>
            </Grid>
          )
        )}
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...register('codigoSucursal')}
            required={!editing}
            disabled={editing}
            label={t('branches.fields.codigoSucursal')}
            error={!!errors.codigoSucursal}
            helperText={
              fieldMessage(errors.codigoSucursal?.message) ?? (editing ? undefined : t('branches.codeHint'))
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            {...register('nombre')}
            required
            label={t('branches.fields.nombre')}
            error={!!errors.nombre}
            helperText={fieldMessage(errors.nombre?.message)}
          />
        </Grid>
        <AddressFields<BranchForm>
          control={control}
          setValue={setValue}
          labels="branches"
          phoneHint={t('branches.phoneHint', { phone: PHONE_EXAMPLE })}
        />
      </Grid>
    </FormDialog>
  );
}
