import LockOutlined from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMessages, registerResources } from '../../app/i18n.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { authResources } from './i18n.ts';
import { authMessages } from './messages.ts';

registerResources('auth', authResources);
registerMessages(authMessages);

/** The frame of the public authentication pages: brand, language switch and a card. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #085c9f 0%, #0b3d66 100%)',
      }}
    >
      <Box sx={{ position: 'fixed', top: 12, right: 12 }}>
        <LanguageSwitch color="inverse" />
      </Box>
      <Paper elevation={6} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ textAlign: 'center', mb: 2 }}>
          <Avatar sx={{ bgcolor: 'primary.main', mx: 'auto', mb: 1 }}>
            <LockOutlined />
          </Avatar>
          <Typography variant="overline" component="p" sx={{ lineHeight: 1.4 }}>
            {t('appName')} · {t('productName')}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
      </Paper>
    </Box>
  );
}
