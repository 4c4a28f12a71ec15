import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changePasswordFormSchema } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { changePassword, type User } from './api.ts';

interface PasswordForm {
  password: string;
  repassword: string;
}

/** Change password: both required ('Password is requerido') and equal ('Passwords no Coinsiden'). */
export function ChangePasswordDialog({
  user,
  onClose,
  onSaved,
}: {
  user: User;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('security');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: schemaResolver<PasswordForm>(changePasswordFormSchema),
    defaultValues: { password: '', repassword: '' },
  });
  const save = useMutation({ mutationFn: (password: string) => changePassword(user.id, password) });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await save.mutateAsync(password);
      onSaved();
    } catch (error) {
      applyServerErrors(error, setError, ['password']);
    }
  });

  return (
    <FormDialog
      open
      title={t('users.passwordTitle')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      maxWidth="xs"
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('users.passwordFor', { name: `${user.userAlias} (${user.email})` })}
        </Typography>
        <PasswordField
          {...register('password')}
          required
          autoFocus
          autoComplete="new-password"
          label={t('users.fields.password')}
          error={!!errors.password}
          helperText={fieldMessage(errors.password?.message)}
        />
        <PasswordField
          {...register('repassword')}
          required
          autoComplete="new-password"
          label={t('users.fields.repassword')}
          error={!!errors.repassword}
          helperText={fieldMessage(errors.repassword?.message)}
        />
      </Stack>
    </FormDialog>
  );
}
