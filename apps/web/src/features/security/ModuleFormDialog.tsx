import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { moduleCreateSchema } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { createModule, type Module, type ModuleBody, updateModule } from './api.ts';

interface ModuleForm {
  name: string;
  path: string;
  permiso: boolean;
  opciones: Array<{ _id?: string; key: string; description: string }>;
}

const FIELDS = ['name', 'path', 'permiso', 'opciones'];

/** Add or edit a module: name, path, access flag and its list of action keys. */
export function ModuleFormDialog({
  module,
  onClose,
  onSaved,
}: {
  module?: Module;
  onClose: () => void;
  onSaved: (module: Module) => void;
}) {
  const { t } = useTranslation('security');
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ModuleForm>({
    resolver: schemaResolver<ModuleForm>(moduleCreateSchema),
    defaultValues: {
      name: module?.name ?? '',
      path: module?.path ?? '/',
      permiso: module?.permiso ?? true,
      opciones: module?.opciones.map((o) => ({ _id: o._id, key: o.key, description: o.description })) ?? [],
    },
  });
  const options = useFieldArray({ control, name: 'opciones' });

  const save = useMutation({
    mutationFn: (values: ModuleForm) => {
      const body: ModuleBody = {
        name: values.name.trim(),
        path: values.path.trim(),
        permiso: values.permiso,
        opciones: values.opciones.map((o) => ({
          ...(o._id ? { _id: o._id } : {}),
          key: o.key.trim(),
          description: o.description.trim(),
        })),
      };
      return module ? updateModule(module.id, body) : createModule(body);
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
      title={module ? t('modules.editTitle') : t('modules.addTitle')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
    >
      <Stack spacing={2}>
        <TextField
          {...register('name')}
          required
          autoFocus
          label={t('modules.fields.name')}
          error={!!errors.name}
          helperText={fieldMessage(errors.name?.message)}
        />
        <TextField
          {...register('path')}
          required
          label={t('modules.fields.path')}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          error={!!errors.path}
          helperText={fieldMessage(errors.path?.message)}
        />
        <Controller
          name="permiso"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('modules.fields.permiso')}
            />
          )}
        />
        <Divider />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('modules.fields.actions')}
          </Typography>
          <Button
            size="small"
            startIcon={<Add />}
            onClick={() => options.append({ key: '', description: '' })}
          >
            {t('modules.addAction')}
          </Button>
        </Stack>
        {options.fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('modules.noActions')}
          </Typography>
        )}
        {options.fields.map((item, index) => (
          <Stack key={item.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              {...register(`opciones.${index}.key`)}
              label={t('modules.fields.key')}
              sx={{ maxWidth: 200 }}
              slotProps={{ htmlInput: { spellCheck: false } }}
              error={!!errors.opciones?.[index]?.key}
              helperText={fieldMessage(errors.opciones?.[index]?.key?.message)}
            />
            <TextField
              {...register(`opciones.${index}.description`)}
              label={t('modules.fields.description')}
              error={!!errors.opciones?.[index]?.description}
              helperText={fieldMessage(errors.opciones?.[index]?.description?.message)}
            />
            <IconButton
              aria-label={t('modules.removeAction', { key: item.key || index + 1 })}
              onClick={() => options.remove(index)}
              sx={{ mt: 0.5 }}
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
        ))}
      </Stack>
    </FormDialog>
  );
}
