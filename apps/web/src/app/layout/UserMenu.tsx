import AccountCircle from '@mui/icons-material/AccountCircle';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const OwnPasswordDialog = lazy(() =>
  import('./OwnPasswordDialog.tsx').then((m) => ({ default: m.OwnPasswordDialog })),
);

/**
 * The header's user name: a menu with 'Cambiar contraseña' (the user's own) and
 * 'Cerrar sesión'. On a phone only the icon shows; the name heads the open menu.
 */
export function UserMenu({ name, onLogout }: { name: string; onLogout: () => void }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changing, setChanging] = useState(false);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        aria-label={t('shell.userMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<AccountCircle />}
        sx={{ textTransform: 'none', minWidth: 0, ml: 1, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Typography
          variant="body2"
          noWrap
          data-testid="user-name"
          sx={{ maxWidth: 200, display: { xs: 'none', sm: 'block' } }}
        >
          {name}
        </Typography>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, py: 1, color: 'text.secondary' }}>
          {name}
        </Typography>
        <MenuItem
          onClick={() => {
            close();
            setChanging(true);
          }}
        >
          <ListItemIcon>
            <KeyOutlined fontSize="small" />
          </ListItemIcon>
          {t('shell.changePassword')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('shell.logout')}
        </MenuItem>
      </Menu>
      {changing && (
        <Suspense fallback={null}>
          <OwnPasswordDialog onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </>
  );
}
