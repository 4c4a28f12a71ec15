import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth.tsx';
import { registerResources } from '../../app/i18n.ts';
import { homeResources } from './i18n.ts';

registerResources('home', homeResources);

/** /home: the welcome page (spec 000 §2). */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { me } = useAuth();
  return (
    <Paper sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <Typography
        variant="h3"
        component="h1"
        color="primary"
        sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' } }}
      >
        {t('title')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1 }}>
        {t('subtitle')}
      </Typography>
      {me && (
        <Stack spacing={1} sx={{ mt: 4, alignItems: 'center' }}>
          <Typography>{t('greeting', { name: me.name })}</Typography>
          <Stack direction="row" spacing={1}>
            {me.masterAdmin && <Chip color="primary" label={t('masterAdmin')} />}
            {me.role && <Chip variant="outlined" label={t('role', { role: me.role })} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('hint')}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}
