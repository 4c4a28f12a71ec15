import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { type Module, modulesKey, rolesByModule } from './api.ts';

/** "Consultar" a module: ID, name, path, actions, and the roles that grant it. */
export function ModuleDetailDialog({ module, onClose }: { module: Module; onClose: () => void }) {
  const { t } = useTranslation('security');
  const titleId = useId();
  const roles = useQuery({
    queryKey: [...modulesKey, 'roles', module.id],
    queryFn: ({ signal }) => rolesByModule(module.id, signal),
  });
  const rows: Array<[string, ReactNode]> = [
    [t('modules.detail.id'), <code key="id">{module.id}</code>],
    [t('modules.detail.name'), module.name],
    [t('modules.detail.path'), <code key="path">{module.path}</code>],
    [t('modules.detail.status'), <StatusChip key="status" status={module.logEstatusRegistro} />],
    [t('modules.detail.registered'), <DateText key="registered" value={module.logFechaRegistro} />],
    [
      t('modules.detail.actions'),
      module.opciones.length === 0 ? (
        t('modules.noActions')
      ) : (
        <Stack key="actions" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {module.opciones.map((o) => (
            <Chip key={o.key} size="small" variant="outlined" label={`${o.key} · ${o.description}`} />
          ))}
        </Stack>
      ),
    ],
    [
      t('modules.detail.roles'),
      roles.isPending ? (
        <CircularProgress key="roles" size={18} />
      ) : (roles.data?.results.length ?? 0) === 0 ? (
        t('modules.detail.noRoles')
      ) : (
        <Stack key="roles" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {roles.data?.results.map((r) => (
            <Chip key={r.id} size="small" color="primary" label={r.rol} />
          ))}
        </Stack>
      ),
    ],
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('modules.viewTitle')}</DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1.5, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Box component="dd" sx={{ m: 0, typography: 'body2', wordBreak: 'break-all' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
