import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** ACTIVO / INACTIVO as a small chip. */
export function StatusChip({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'ACTIVO' ? 'success' : 'default'}
      label={t(`status.${status}`, { defaultValue: status })}
    />
  );
}
