import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';

/** One figure of the totals: `key` names it for tests (data-testid `total-{key}`). */
export interface TotalRow {
  key: string;
  label: string;
  value: string;
  strong?: boolean;
}

/** A block of figures; `tone` frames it (e.g. 'Falta por Pagar' warning while something is owed). */
export interface TotalSection {
  /** A heading over the block (a note shows the invoice's figures, those at issue and its own). */
  title?: string;
  rows: TotalRow[];
  tone?: 'warning' | 'success';
}

export interface TotalsCardProps {
  title: string;
  sections: TotalSection[];
  /** Below the figures: switches, the observation, the generate button. */
  children?: ReactNode;
}

const TONES = {
  warning: { bgcolor: 'rgba(237, 108, 2, 0.06)', borderColor: 'warning.light' },
  success: { bgcolor: 'rgba(46, 125, 50, 0.06)', borderColor: 'success.light' },
};

/**
 * The totals of a document being issued, sticky beside the lines on wide screens: sections of label /
 * amount rows (amounts right-aligned, never wrapped), divided, then the page's own controls.
 */
export function TotalsCard({ title, sections, children }: TotalsCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, position: { lg: 'sticky' }, top: { lg: 80 } }}>
      <Box component="section" aria-label={title}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {sections.map((section, i) => (
          <Fragment key={section.title ?? i}>
            {i > 0 && !section.tone && <Divider sx={{ my: 1 }} />}
            {section.title && (
              <Typography variant="overline" component="h3" color="text.secondary">
                {section.title}
              </Typography>
            )}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: '1fr auto',
                columnGap: 2,
                rowGap: 0.75,
                m: 0,
                ...(section.tone && { mt: 1.5, p: 1, borderRadius: 1, border: 1, ...TONES[section.tone] }),
              }}
            >
              {section.rows.map((row) => (
                <Fragment key={row.key}>
                  <Typography
                    component="dt"
                    variant="body2"
                    color={row.strong ? 'text.primary' : 'text.secondary'}
                    sx={{ fontWeight: row.strong ? 700 : 400 }}
                  >
                    {row.label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    data-testid={`total-${row.key}`}
                    sx={{
                      m: 0,
                      textAlign: 'right',
                      fontVariantNumeric: 'tabular-nums',
                      fontWeight: row.strong ? 700 : 400,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {row.value}
                  </Typography>
                </Fragment>
              ))}
            </Box>
          </Fragment>
        ))}
      </Box>
      {children}
    </Paper>
  );
}
