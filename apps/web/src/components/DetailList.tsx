import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Label / value pairs as a description list (detail dialogs). */
export function DetailList({ rows, columns = 1 }: { rows: Array<[string, ReactNode]>; columns?: 1 | 2 }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'max-content 1fr',
          sm: columns === 2 ? 'max-content 1fr max-content 1fr' : 'max-content 1fr',
        },
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Box component="dd" sx={{ m: 0, typography: 'body2', wordBreak: 'break-word' }} data-label={label}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
