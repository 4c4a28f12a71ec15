import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

const titleSlot = { title: { variant: 'subtitle1', component: 'h2', fontWeight: 600 } } as const;

/**
 * On a narrow screen the action goes under the title instead of past the card's edge (a phone's
 * 'Detalle de Pago' with its switch and 'Agregar pago'): the title keeps at least 10 rem beside it.
 */
const HEADER_WRAPS: SxProps<Theme> = {
  flexWrap: 'wrap',
  rowGap: 1,
  '& .MuiCardHeader-content': { minWidth: 'min(100%, 10rem)' },
  '& .MuiCardHeader-action': { m: 0, alignSelf: 'center', maxWidth: '100%' },
};

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
      <CardHeader title={title} slotProps={titleSlot} action={action} sx={HEADER_WRAPS} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}
