import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  canGrantMasterAdmin,
  roleBroaderThan,
  USER_DOCUMENT_TYPES,
  USER_PORTAL_TYPES,
  userCreateFormSchema,
  userUpdateSchema,
} from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth.tsx';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { DocumentNumberField } from '../../components/form/index.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import {
  createUser,
  type NamedEntity,
  type User,
  type UserBody,
  type UserPortal,
  updateUser,
  useAllRoles,
  useBranches,
  useCompanies,
} from './api.ts';

/** The stored value when it is one the form offers (the answer types it as text), else the default. */
const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

interface UserForm {
  tipoDocumento: (typeof USER_DOCUMENT_TYPES)[number];
  numeroDocumento: string;
  firstName: string;
  lastName: string;
  userAlias: string;
  email: string;
  password: string;
  repassword: string;
  role: string;
  masterAdmin: boolean;
  id_localidad: string[];
  sucursales: string[];
  userPortal: UserPortal;
}

const FIELDS = [
  'tipoDocumento',
  'numeroDocumento',
  'firstName',
  'lastName',
  'userAlias',
  'email',
  'password',
  'repassword',
  'role',
  'masterAdmin',
  'id_localidad',
  'sucursales',
  'userPortal',
];

/** Spec 000 §9: the user document number takes 8 digits. */
const DOCUMENT_DIGITS = 8;

interface Props {
  /** The user being edited; absent for a new one (which also asks for the password twice). */
  user?: User;
  onClose: () => void;
  onSaved: (user: User) => void;
}

/** New user and edit user (spec 000 §5). The master-admin switch disables role, companies and branches. */
export function UserFormDialog({ user, onClose, onSaved }: Props) {
  const { t } = useTranslation('security');
  const editing = user !== undefined;
  const { me } = useAuth();
  // Offer only what the server accepts from this actor (packages/fiscal user-admin rules).
  const mayGrantMaster = me !== undefined && canGrantMasterAdmin(me);
  const roles = useAllRoles();
  const companies = useCompanies();
  const branches = useBranches();

  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<UserForm>({
    resolver: schemaResolver<UserForm>(editing ? userUpdateSchema : userCreateFormSchema),
    defaultValues: {
      tipoDocumento: oneOf(USER_DOCUMENT_TYPES, user?.tipoDocumento, 'V'),
      numeroDocumento: user?.numeroDocumento ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      userAlias: user?.userAlias ?? '',
      email: user?.email ?? '',
      password: '',
      repassword: '',
      role: user?.role ?? '',
      masterAdmin: user?.masterAdmin ?? false,
      id_localidad: user?.id_localidad ?? [],
      sucursales: user?.sucursales ?? [],
      userPortal: oneOf(USER_PORTAL_TYPES, user?.userPortal, 'NO_PORTAL'),
    },
  });
  const masterAdmin = watch('masterAdmin');
  const selectedCompanies = watch('id_localidad');

  const roleOptions = useMemo(
    () =>
      (roles.data ?? []).filter(
        (r) =>
          r.id === user?.role ||
          (r.logEstatusRegistro === 'ACTIVO' &&
            me !== undefined &&
            !roleBroaderThan(me, { modulos: r.modulo })),
      ),
    [roles.data, user?.role, me],
  );
  // Branches that say which company they belong to are offered only for the chosen companies.
  const branchOptions = useMemo(() => {
    const all = branches.data ?? [];
    if (selectedCompanies.length === 0) return all;
    return all.filter((b) => !b.id_localidad || selectedCompanies.includes(b.id_localidad));
  }, [branches.data, selectedCompanies]);

  const save = useMutation({
    mutationFn: (values: UserForm) => {
      const body: UserBody = {
        tipoDocumento: values.tipoDocumento,
        numeroDocumento: values.numeroDocumento,
        email: values.email.trim(),
        masterAdmin: values.masterAdmin,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        userAlias: values.userAlias.trim(),
        // A master admin is sent without role, companies and branches.
        role: values.masterAdmin ? '' : values.role,
        id_localidad: values.masterAdmin ? [] : values.id_localidad,
        sucursales: values.masterAdmin ? [] : values.sucursales,
        userPortal: values.userPortal,
      };
      return user ? updateUser(user.id, body) : createUser({ ...body, password: values.password });
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      onSaved(answer.result);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  const toggleMaster = (on: boolean) => {
    setValue('masterAdmin', on, { shouldDirty: true });
    if (on) {
      setValue('role', '');
      setValue('id_localidad', []);
      setValue('sucursales', []);
    }
  };

  const nameOf = (options: NamedEntity[], id: string) => options.find((o) => o.id === id)?.nombre ?? id;

  return (
    <FormDialog
      open
      title={editing ? t('users.editTitle') : t('users.addTitle')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <DocumentNumberField<UserForm>
          control={control}
          types={USER_DOCUMENT_TYPES}
          typeLabel={t('users.fields.tipoDocumento')}
          typeOptionLabel={(type) => t(`users.documentTypes.${type}`)}
          numberLabel={t('users.fields.numeroDocumento')}
          maxDigits={DOCUMENT_DIGITS}
          placeholder="00000000"
          typeSize={{ xs: 12, sm: 4 }}
          numberSize={{ xs: 12, sm: 8 }}
        />
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('firstName')}
            required
            label={t('users.fields.firstName')}
            error={!!errors.firstName}
            helperText={fieldMessage(errors.firstName?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('lastName')}
            required
            label={t('users.fields.lastName')}
            error={!!errors.lastName}
            helperText={fieldMessage(errors.lastName?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('userAlias')}
            required
            label={t('users.fields.userAlias')}
            autoComplete="off"
            error={!!errors.userAlias}
            helperText={fieldMessage(errors.userAlias?.message)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('email')}
            required
            type="email"
            autoComplete="off"
            label={t('users.fields.email')}
            error={!!errors.email}
            helperText={fieldMessage(errors.email?.message)}
          />
        </Grid>
        {!editing && (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordField
                {...register('password')}
                required
                autoComplete="new-password"
                label={t('users.fields.password')}
                error={!!errors.password}
                helperText={fieldMessage(errors.password?.message)}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordField
                {...register('repassword')}
                required
                autoComplete="new-password"
                label={t('users.fields.repassword')}
                error={!!errors.repassword}
                helperText={fieldMessage(errors.repassword?.message)}
              />
            </Grid>
          </>
        )}
        {mayGrantMaster && (
          <Grid size={12}>
            <FormControlLabel
              control={<Switch checked={masterAdmin} onChange={(e) => toggleMaster(e.target.checked)} />}
              label={t('users.fields.masterAdmin')}
            />
            <FormHelperText sx={{ mt: -0.5 }}>{t('users.fields.masterAdminHint')}</FormHelperText>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="role"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                select
                required={!masterAdmin}
                disabled={masterAdmin}
                label={t('users.fields.role')}
                error={!!errors.role}
                helperText={
                  fieldMessage(errors.role?.message) ??
                  (roles.isSuccess && roleOptions.length === 0 ? t('users.noRoles') : undefined)
                }
              >
                {roleOptions.map((r) => (
                  <MenuItem key={r.id} value={r.id}>
                    {r.rol}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="userPortal"
            control={control}
            render={({ field }) => (
              <TextField {...field} select label={t('users.fields.userPortal')}>
                {USER_PORTAL_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`users.portal.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="id_localidad"
            control={control}
            render={({ field }) => (
              <MultiSelect
                label={t('users.fields.companies')}
                value={field.value}
                onChange={field.onChange}
                options={companies.data ?? []}
                disabled={masterAdmin}
                loading={companies.isPending}
                emptyText={t('users.noCompanies')}
                nameOf={(id) => nameOf(companies.data ?? [], id)}
                error={fieldMessage(errors.id_localidad?.message)}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="sucursales"
            control={control}
            render={({ field }) => (
              <MultiSelect
                label={t('users.fields.branches')}
                value={field.value}
                onChange={field.onChange}
                options={branchOptions}
                disabled={masterAdmin}
                loading={branches.isPending}
                emptyText={t('users.noBranches')}
                nameOf={(id) => nameOf(branches.data ?? [], id)}
                error={fieldMessage(errors.sucursales?.message)}
              />
            )}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}

interface MultiSelectProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  options: NamedEntity[];
  disabled: boolean;
  loading: boolean;
  emptyText: string;
  nameOf: (id: string) => string;
  error?: string;
}

/** Companies or branches: a multiple select; when there are none, the spec's empty text. */
function MultiSelect({
  label,
  value,
  onChange,
  options,
  disabled,
  loading,
  emptyText,
  nameOf,
  error,
}: MultiSelectProps) {
  const empty = !loading && options.length === 0;
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => {
        const next = e.target.value as unknown as string[] | string;
        onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      disabled={disabled || empty}
      error={!!error}
      helperText={error ?? (empty ? emptyText : undefined)}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).map(nameOf).join(', '),
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          <Checkbox size="small" checked={value.includes(option.id)} />
          <ListItemText primary={option.nombre} />
        </MenuItem>
      ))}
    </TextField>
  );
}
