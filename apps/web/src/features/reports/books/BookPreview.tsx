import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { INLINE_PDF_MAX_BASE64 } from '../../documents/index.ts';
import { base64Blob } from './files.ts';

/**
 * A book's PDF shown inline, or, above INLINE_PDF_MAX_BASE64 base64 characters (spec 002 §2.6), a
 * download button instead.
 */
export function BookPreview(props: {
  pdf: string;
  fileName: string;
  labels: { preview: string; frameTitle: string; tooLarge: string; download: string };
  testId: string;
}) {
  const { pdf, labels } = props;
  const url = useMemo(() => URL.createObjectURL(base64Blob(pdf, 'application/pdf')), [pdf]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={labels.preview}>
      {pdf.length < INLINE_PDF_MAX_BASE64 ? (
        <Box
          component="iframe"
          title={labels.frameTitle}
          src={url}
          data-testid={props.testId}
          sx={{ border: 0, width: '100%', minHeight: '70vh' }}
        />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }}>
          <Typography>{labels.tooLarge}</Typography>
          <Button
            variant="contained"
            href={url}
            download={props.fileName}
            startIcon={<FileDownloadOutlined />}
          >
            {labels.download}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
