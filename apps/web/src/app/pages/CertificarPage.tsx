import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

/** Public verification page (spec 002 §2.12): a placeholder until its issue builds it. No contract modal. */
export default function CertificarPage() {
  const { t } = useTranslation();
  const { id = '', tipoDoc = '' } = useParams();
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar position="static">
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="div" sx={{ flexGrow: 1, fontWeight: 700 }}>
            {t('appName')} · {t('productName')}
          </Typography>
          <LanguageSwitch color="inverse" />
        </Toolbar>
      </AppBar>
      <Paper sx={{ p: 4, maxWidth: 720, mx: 'auto', mt: 4, textAlign: 'center' }}>
        <VerifiedOutlined color="primary" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {t('certificar.title')}
        </Typography>
        <Typography>{t('certificar.text', { id, tipoDoc })}</Typography>
      </Paper>
    </Box>
  );
}
