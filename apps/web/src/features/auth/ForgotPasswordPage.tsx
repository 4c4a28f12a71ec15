import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { forgotPasswordSchema } from '@sigece/fiscal';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../app/api.ts';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifyError } from '../../app/notify.ts';
import { OutlinedField } from '../../components/OutlinedField.tsx';
import { AuthCard } from './AuthCard.tsx';

interface ForgotForm {
  email: string;
}

/** "¿Olvidó su contraseña?": POST /v2/auth/forgot-password {email}. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotForm>({
    resolver: schemaResolver<ForgotForm>(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const answer = await api<{ message: string }>('/v2/auth/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
        anonymous: true,
      });
      setSent(translateMessage(answer.message));
    } catch (error) {
      applyServerErrors(error, setError, ['email']);
      notifyError(error);
    }
  });

  return (
    <AuthCard title={t('forgot.title')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('forgot.text')}
          </Typography>
          {sent && <Alert severity="success">{sent}</Alert>}
          <OutlinedField
            {...register('email')}
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            autoFocus
            error={!!errors.email}
            helperText={fieldMessage(errors.email?.message)}
          />
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('forgot.submit')}
          </Button>
          <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: 'center' }}>
            {t('forgot.back')}
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
