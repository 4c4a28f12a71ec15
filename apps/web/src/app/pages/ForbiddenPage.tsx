import Block from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A screen the user's role does not grant: said plainly, at the URL they asked for. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Paper role="alert" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto', mt: 4 }}>
      <Block color="error" sx={{ fontSize: 72 }} />
      <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('forbidden.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('forbidden.text')}</Typography>
      <Button variant="contained" component={Link} to="/home">
        {t('forbidden.back')}
      </Button>
    </Paper>
  );
}
