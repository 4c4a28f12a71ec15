import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { roleCreateSchema } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { createRole, type Role, updateRole, useActiveModules } from './api.ts';
import { type Grants, grantsOf, moduloOf, RoleModulesEditor } from './RoleModulesEditor.tsx';

interface RoleForm {
  rol: string;
  descripcion: string;
}

const FIELDS = ['rol', 'descripcion'];

interface Props {
  /** The role being edited; absent to add one. */
  role?: Role;
  onClose: () => void;
  onSaved: (role: Role) => void;
}

/** Add and edit role (spec 000 §2, §5): in edit, rol and descripcion are shown disabled. */
export function RoleFormDialog({ role, onClose, onSaved }: Props) {
  const { t } = useTranslation('security');
  const editing = role !== undefined;
  const modules = useActiveModules();
  const [grants, setGrants] = useState<Grants>(() => grantsOf(role?.modulo ?? []));
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RoleForm>({
    resolver: schemaResolver<RoleForm>(roleCreateSchema),
    defaultValues: { rol: role?.rol ?? '', descripcion: role?.descripcion ?? '' },
  });

  const save = useMutation({
    mutationFn: (values: RoleForm) => {
      const body = {
        rol: values.rol.trim(),
        descripcion: values.descripcion.trim(),
        modulo: moduloOf(modules.data ?? [], grants, role?.modulo ?? []),
      };
      return role ? updateRole(role.id, body) : createRole(body);
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

  return (
    <FormDialog
      open
      title={editing ? t('roles.editTitle') : t('roles.addTitle')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      maxWidth="md"
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            name="rol"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                label={t('roles.fields.rol')}
                disabled={editing}
                required
                autoFocus={!editing}
                error={!!errors.rol}
                helperText={fieldMessage(errors.rol?.message)}
              />
            )}
          />
          <Controller
            name="descripcion"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                label={t('roles.fields.descripcion')}
                disabled={editing}
                required
                error={!!errors.descripcion}
                helperText={fieldMessage(errors.descripcion?.message)}
              />
            )}
          />
        </Stack>
        <Divider />
        <RoleModulesEditor
          modules={modules.data}
          loading={modules.isPending}
          grants={grants}
          onChange={setGrants}
        />
      </Stack>
    </FormDialog>
  );
}
