import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changePasswordFormSchema } from '@sigece/fiscal';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api.ts';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { AuthCard } from './AuthCard.tsx';

interface ResetForm {
  password: string;
  repassword: string;
}

/** /reset-password?token=...: POST /v2/auth/reset-password {token, password}; the repeated password must match. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: schemaResolver<ResetForm>(changePasswordFormSchema),
    defaultValues: { password: '', repassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const answer = await api<{ message: string }>('/v2/auth/reset-password', {
        method: 'POST',
        body: { token, password },
        anonymous: true,
      });
      notifySuccess(translateMessage(answer.message));
      navigate('/login', { replace: true });
    } catch (error) {
      applyServerErrors(error, setError, ['password']);
      notifyError(error);
    }
  });

  return (
    <AuthCard title={t('reset.title')}>
      {!token ? (
        <Stack spacing={2}>
          <Alert severity="error">{t('reset.missingToken')}</Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            {t('reset.requestNew')}
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('reset.text')}
            </Typography>
            <PasswordField
              {...register('password')}
              label={t('reset.password')}
              autoComplete="new-password"
              autoFocus
              error={!!errors.password}
              helperText={fieldMessage(errors.password?.message)}
            />
            <PasswordField
              {...register('repassword')}
              label={t('reset.repassword')}
              autoComplete="new-password"
              error={!!errors.repassword}
              helperText={fieldMessage(errors.repassword?.message)}
            />
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </Box>
      )}
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component={RouterLink} to="/login" variant="body2">
          {t('reset.back')}
        </Link>
      </Box>
    </AuthCard>
  );
}
