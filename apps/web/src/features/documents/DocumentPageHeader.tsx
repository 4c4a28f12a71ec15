import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The heading of a document being issued: its title (`id` labels the page), back to its list, actions. */
export function DocumentPageHeader({
  id,
  title,
  backTo,
  backLabel,
  children,
}: {
  id: string;
  title: string;
  backTo: string;
  backLabel: string;
  children?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
    >
      <Typography id={id} variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBack />}>
          {backLabel}
        </Button>
        {children}
      </Stack>
    </Stack>
  );
}
