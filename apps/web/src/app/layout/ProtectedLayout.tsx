import MenuIcon from '@mui/icons-material/Menu';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useAuth } from '../auth.tsx';
import { visibleMenu } from '../menu.ts';
import { errorText } from '../notify.ts';
import { PageLoader } from '../PageLoader.tsx';
import { ContractDialog } from './ContractDialog.tsx';
import { NavMenu } from './NavMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

const DRAWER_WIDTH = 264;

/** Root `/`: app bar, side menu of the granted modules, and the screen of the current route. */
export default function ProtectedLayout() {
  const { t } = useTranslation();
  const { me, meStatus, meError, reloadMe, logout, session } = useAuth();
  const navigate = useNavigate();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const menu = useMemo(() => (me ? visibleMenu(me) : []), [me]);

  const onLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const drawer = (
    <Box sx={{ overflowY: 'auto' }}>
      <Toolbar />
      <Divider />
      <NavMenu nodes={menu} onNavigate={desktop ? undefined : () => setMobileOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {!desktop && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('shell.openMenu')}
              onClick={() => setMobileOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="div" noWrap sx={{ lineHeight: 1.1, fontWeight: 700 }}>
              {t('appName')}
            </Typography>
            {desktop && (
              <Typography variant="caption" component="div" noWrap sx={{ opacity: 0.85 }}>
                {t('productName')}
              </Typography>
            )}
          </Box>
          <LanguageSwitch color="inverse" />
          <UserMenu name={me?.name ?? session?.user.name ?? ''} onLogout={onLogout} />
        </Toolbar>
      </AppBar>
      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant={desktop ? 'permanent' : 'temporary'}
          open={desktop || mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {drawer}
        </Drawer>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, md: 3 } }}>
        <Toolbar />
        {meStatus === 'pending' && <PageLoader />}
        {meStatus === 'error' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={reloadMe}>
                {t('actions.retry')}
              </Button>
            }
          >
            {errorText(meError)}
          </Alert>
        )}
        {me && (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        )}
      </Box>
      {me && <ContractDialog key={me.id} userId={me.id} />}
    </Box>
  );
}
