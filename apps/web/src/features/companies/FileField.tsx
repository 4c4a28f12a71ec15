import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useRef } from 'react';

interface Props {
  /** The input's accessible name (tests and screen readers find the file input by it). */
  label: string;
  buttonLabel: string;
  accept: string;
  fileName?: string | null;
  emptyText: string;
  hint?: string;
  error?: string;
  required?: boolean;
  preview?: ReactNode;
  onFile: (file: File | null) => void;
}

/** A labelled file chooser: the button opens the browser's picker; name, hint and error below. */
export function FileField({
  label,
  buttonLabel,
  accept,
  fileName,
  emptyText,
  hint,
  error,
  required,
  preview,
  onFile,
}: Props) {
  const inputId = useId();
  const helperId = `${inputId}-helper`;
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box>
      <Typography
        component="label"
        htmlFor={inputId}
        variant="caption"
        color={error ? 'error' : 'text.secondary'}
        sx={{ display: 'block', mb: 0.5 }}
      >
        {label}
        {required ? '\u2009*' : ''}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {preview}
        <Button
          variant="outlined"
          size="small"
          color={error ? 'error' : 'primary'}
          startIcon={<UploadFile />}
          onClick={() => input.current?.click()}
        >
          {buttonLabel}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {fileName || emptyText}
        </Typography>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={accept}
          aria-describedby={helperId}
          hidden
          onChange={(e) => {
            onFile(e.target.files?.[0] ?? null);
            // Choosing the same file again fires change again.
            e.target.value = '';
          }}
        />
      </Stack>
      {(error || hint) && (
        <FormHelperText id={helperId} error={!!error}>
          {error ?? hint}
        </FormHelperText>
      )}
    </Box>
  );
}
