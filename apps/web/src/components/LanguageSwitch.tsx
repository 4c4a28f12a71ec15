import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { type Language, setLanguage } from '../app/i18n.ts';

/** ES / EN switch; the choice is remembered in the browser. */
export function LanguageSwitch({ color = 'standard' }: { color?: 'standard' | 'inverse' }) {
  const { t, i18n } = useTranslation();
  const value: Language = i18n.language === 'en' ? 'en' : 'es';
  const inverse = color === 'inverse';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label={t('shell.language')}
      onChange={(_e, next: Language | null) => {
        if (next) void setLanguage(next);
      }}
      sx={
        inverse
          ? {
              '& .MuiToggleButton-root': {
                color: 'rgba(255,255,255,0.8)',
                borderColor: 'rgba(255,255,255,0.5)',
                py: 0.25,
              },
              '& .MuiToggleButton-root.Mui-selected': { color: '#fff', bgcolor: 'rgba(255,255,255,0.2)' },
            }
          : undefined
      }
    >
      <ToggleButton value="es" aria-label={t('shell.spanish')}>
        ES
      </ToggleButton>
      <ToggleButton value="en" aria-label={t('shell.english')}>
        EN
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
