import Construction from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec 002 §2.10: the page of screens not built yet ('Oops! Disculpe!'). */
export default function UnderConstructionPage() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto', mt: 4 }}>
      <Construction color="secondary" sx={{ fontSize: 72 }} />
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('construction.title')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" gutterBottom>
        {t('construction.subtitle')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('construction.text')}</Typography>
      <Button variant="contained" component={Link} to="/home">
        {t('construction.back')}
      </Button>
    </Paper>
  );
}
