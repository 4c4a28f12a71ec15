import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

const acceptedKey = (userId: string) => `sigece.contrato.${userId}`;

export function contractAccepted(userId: string): boolean {
  return localStorage.getItem(acceptedKey(userId)) === 'true';
}

/**
 * 'Contrato de servicio' (spec 000 §1): the text comes from a static file; ticking the checkbox stores
 * the accepted flag in the browser and closes the modal. Never shown on /certificar pages.
 */
export function ContractDialog({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [accepted, setAccepted] = useState(() => contractAccepted(userId));
  const [ticked, setTicked] = useState(false);
  const file = t('contract.file');
  const open = !accepted && !location.pathname.startsWith('/certificar');
  const text = useQuery({
    queryKey: ['static', file],
    queryFn: async () => {
      const response = await fetch(file);
      if (!response.ok) throw new Error(response.statusText);
      return response.text();
    },
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });

  // Spec 000 §9: modals close 200 ms after the action.
  const accept = () => {
    localStorage.setItem(acceptedKey(userId), 'true');
    setTicked(true);
    setTimeout(() => setAccepted(true), 200);
  };

  return (
    <Dialog open={open} maxWidth="md" fullWidth scroll="paper" aria-labelledby="contract-title">
      <DialogTitle id="contract-title">{t('contract.title')}</DialogTitle>
      <DialogContent dividers>
        {text.isPending && <CircularProgress size={24} aria-label={t('loading')} />}
        {text.isError && <Typography color="error">{t('contract.loadError')}</Typography>}
        {text.data && (
          <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-line', textAlign: 'justify' }}>
            {text.data}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'flex-start', px: 3 }}>
        <FormControlLabel
          control={
            <Checkbox checked={ticked} disabled={ticked} onChange={(e) => e.target.checked && accept()} />
          }
          label={t('contract.accept')}
        />
      </DialogActions>
    </Dialog>
  );
}
