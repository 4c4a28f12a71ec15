import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThirdPartyAccount } from './api.ts';

/** The company's third-party accounts to pick from (spec 001 §2.1). */
export function ThirdPartyDialog({
  accounts,
  selectedId,
  onPick,
  onClose,
}: {
  accounts: ThirdPartyAccount[];
  selectedId: string | null;
  onPick: (account: ThirdPartyAccount) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('thirdParty.title')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <List aria-label={t('thirdParty.title')}>
          {accounts.map((a) => (
            <ListItemButton key={a.id} selected={a.id === selectedId} onClick={() => onPick(a)}>
              <ListItemText
                primary={`${a.rifPrestador} · ${a.nombrePrestador}`}
                secondary={a.domicilioPrestador}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
