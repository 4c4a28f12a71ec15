import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RoleModule } from '@sigece/fiscal';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Module } from './api.ts';

/** Per module: is it granted, and which of its actions are on. */
export type Grants = Record<string, { enabled: boolean; actions: Record<string, boolean> }>;

export function grantsOf(modulo: RoleModule[]): Grants {
  return Object.fromEntries(
    modulo.map((m) => [
      m.id,
      { enabled: m.permiso !== false, actions: Object.fromEntries(m.acciones.map((a) => [a.key, a.status])) },
    ]),
  );
}

/**
 * The role's modulo[] from the editor: every granted ACTIVO module with all its actions and their
 * on/off status. Grants of modules that are not ACTIVO now (not listed) are kept as they were.
 */
export function moduloOf(modules: Module[], grants: Grants, previous: RoleModule[]): RoleModule[] {
  const listed = new Set(modules.map((m) => m.id));
  const granted = modules
    .filter((m) => grants[m.id]?.enabled)
    .map<RoleModule>((m) => ({
      id: m.id,
      nombre: m.name,
      path: m.path,
      permiso: true,
      acciones: m.opciones.map((o) => ({
        _id: o._id,
        key: o.key,
        description: o.description,
        status: grants[m.id]?.actions[o.key] === true,
      })),
    }));
  return [...granted, ...previous.filter((m) => !listed.has(m.id))];
}

interface Props {
  modules: Module[] | undefined;
  loading: boolean;
  grants: Grants;
  onChange: (grants: Grants) => void;
}

/** The role editor: only ACTIVO modules, sorted by name, each with its switch and per-action switches. */
export function RoleModulesEditor({ modules, loading, grants, onChange }: Props) {
  const { t } = useTranslation('security');
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    if (!modules || !f) return modules ?? [];
    return modules.filter((m) => m.name.toLowerCase().includes(f) || m.path.toLowerCase().includes(f));
  }, [modules, filter]);
  const selected = modules?.filter((m) => grants[m.id]?.enabled).length ?? 0;

  const setModule = (id: string, enabled: boolean) =>
    onChange({ ...grants, [id]: { enabled, actions: grants[id]?.actions ?? {} } });

  // Turning an action on also grants its module.
  const setAction = (id: string, key: string, on: boolean) => {
    const current = grants[id] ?? { enabled: false, actions: {} };
    onChange({
      ...grants,
      [id]: { enabled: current.enabled || on, actions: { ...current.actions, [key]: on } },
    });
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', mb: 1 }}
      >
        <Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('roles.modules')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('roles.modulesHint')}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          color="primary"
          sx={{ whiteSpace: 'nowrap', alignSelf: { sm: 'flex-end' } }}
        >
          {t('roles.selectedCount', { count: selected })}
        </Typography>
      </Stack>
      <TextField
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder={t('roles.filterModules')}
        sx={{ mb: 1 }}
        slotProps={{
          htmlInput: { 'aria-label': t('roles.filterModules') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {loading && <CircularProgress size={24} />}
      {!loading && modules?.length === 0 && (
        <Typography color="text.secondary">{t('roles.noModules')}</Typography>
      )}
      <Stack spacing={1}>
        {shown.map((module) => {
          const grant = grants[module.id];
          const enabled = grant?.enabled ?? false;
          return (
            <Paper
              key={module.id}
              variant="outlined"
              role="group"
              aria-label={module.name}
              sx={{ px: 1.5, py: 0.75, bgcolor: enabled ? 'rgba(8, 92, 159, 0.05)' : undefined }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={enabled}
                      onChange={(e) => setModule(module.id, e.target.checked)}
                      slotProps={{ input: { 'aria-label': t('roles.moduleAccess', { name: module.name }) } }}
                    />
                  }
                  label={<Typography sx={{ fontWeight: 600 }}>{module.name}</Typography>}
                />
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {module.path}
                </Typography>
              </Stack>
              {module.opciones.length === 0 ? (
                <Typography variant="caption" color="text.secondary" sx={{ pl: 6 }}>
                  {t('roles.noActions')}
                </Typography>
              ) : (
                <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, pl: 4 }}>
                  {module.opciones.map((option) => (
                    <FormControlLabel
                      key={option.key}
                      control={
                        <Switch
                          size="small"
                          checked={enabled && grant?.actions[option.key] === true}
                          onChange={(e) => setAction(module.id, option.key, e.target.checked)}
                        />
                      }
                      label={
                        <Typography variant="body2" title={option.key}>
                          {option.description || option.key}
                        </Typography>
                      }
                    />
                  ))}
                </Stack>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
