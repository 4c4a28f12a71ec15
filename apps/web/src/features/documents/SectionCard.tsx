import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

const titleSlot = { title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } } as const;

/**
 * One card of a document page (an order's header or shipping data, a withholding's detail, a report's
 * summary): an outlined card with an h2 title, an optional action at the right of the title, and its
 * content right under the title.
 */
export function SectionCard({
  title,
  action,
  sx,
  testId,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  sx?: SxProps<Theme>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={sx} data-testid={testId}>
      <CardHeader title={title} slotProps={titleSlot} action={action} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}
