import Stack from '@mui/material/Stack';
import { ownPasswordFormSchema } from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { authMessages } from '../../features/auth/messages.ts';
import { ApiError, api } from '../api.ts';
import { applyServerErrors, fieldMessage, schemaResolver } from '../forms.ts';
import { registerMessages } from '../i18n.ts';
import { notifySuccess } from '../notify.ts';
import { type TokenPair, updateTokens } from '../session.ts';

const WRONG_CURRENT = 'La contraseña actual no es correcta';

registerMessages({
  ...authMessages,
  'La contraseña actual es requerida': 'The current password is required',
  [WRONG_CURRENT]: 'The current password is not correct',
});

interface OwnPasswordForm {
  passwordActual: string;
  password: string;
  repassword: string;
}

/**
 * The header's 'Cambiar contraseña': the signed-in user's own password, proven with the
 * current one. The server ends every other session and answers this one's new tokens.
 */
export function OwnPasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OwnPasswordForm>({
    resolver: schemaResolver<OwnPasswordForm>(ownPasswordFormSchema),
    defaultValues: { passwordActual: '', password: '', repassword: '' },
  });
  const save = useMutation({
    mutationFn: (body: { passwordActual: string; password: string }) =>
      api<{ message: string; tokens: TokenPair }>('/v2/auth/change-password', { method: 'POST', body }),
  });

  const onSubmit = handleSubmit(async ({ passwordActual, password }) => {
    try {
      const answer = await save.mutateAsync({ passwordActual, password });
      updateTokens(answer.tokens);
      notifySuccess(fieldMessage(answer.message) ?? answer.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.message === WRONG_CURRENT)
        setError('passwordActual', { type: 'server', message: WRONG_CURRENT });
      else applyServerErrors(error, setError, ['passwordActual', 'password']);
    }
  });

  return (
    <FormDialog
      title={t('shell.changePassword')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      maxWidth="xs"
    >
      <Stack spacing={2}>
        <PasswordField
          {...register('passwordActual')}
          required
          autoFocus
          autoComplete="current-password"
          label={t('shell.currentPassword')}
          error={!!errors.passwordActual}
          helperText={fieldMessage(errors.passwordActual?.message)}
        />
        <PasswordField
          {...register('password')}
          required
          autoComplete="new-password"
          label={t('shell.newPassword')}
          error={!!errors.password}
          helperText={fieldMessage(errors.password?.message)}
        />
        <PasswordField
          {...register('repassword')}
          required
          autoComplete="new-password"
          label={t('shell.repeatPassword')}
          error={!!errors.repassword}
          helperText={fieldMessage(errors.repassword?.message)}
        />
      </Stack>
    </FormDialog>
  );
}
