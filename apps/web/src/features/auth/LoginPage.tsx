import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { loginSchema } from '@sigece/fiscal';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../app/auth.tsx';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { errorText } from '../../app/notify.ts';
import { OutlinedField } from '../../components/OutlinedField.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { AuthCard } from './AuthCard.tsx';

interface LoginForm {
  email: string;
  password: string;
  remember: boolean;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: schemaResolver<LoginForm>(loginSchema),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // On success the session changes and the guest-only route sends the user on.
      await login({ email: values.email.trim(), password: values.password, remember: values.remember });
    } catch (error) {
      // One message per attempt: on the fields when the server names them, otherwise one alert.
      if (!applyServerErrors(error, setError, ['email', 'password'])) setFailure(errorText(error));
    }
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <OutlinedField
            {...register('email')}
            label={`${t('login.username')} / ${t('login.email')}`}
            type="text"
            autoComplete="username"
            autoFocus
            error={!!errors.email}
            helperText={fieldMessage(errors.email?.message)}
          />
          <PasswordField
            {...register('password')}
            label={t('login.password')}
            autoComplete="current-password"
            error={!!errors.password}
            helperText={fieldMessage(errors.password?.message)}
          />
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Controller
              name="remember"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label={t('login.remember')}
                />
              )}
            />
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              {t('login.forgot')}
            </Link>
          </Stack>
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
