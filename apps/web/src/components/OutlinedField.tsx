import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { forwardRef, useId } from 'react';

export interface OutlinedFieldProps extends Omit<OutlinedInputProps, 'label' | 'inputRef'> {
  label: string;
  helperText?: string;
}

/**
 * A labelled outlined text input, like MUI's TextField without its select mode: the login route uses
 * it so that its chunk does not carry Select, Menu and Popover.
 */
export const OutlinedField = forwardRef<HTMLInputElement, OutlinedFieldProps>(function OutlinedField(
  { label, helperText, error, required, fullWidth = true, size = 'small', id, ...input },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper-text`;
  return (
    <FormControl variant="outlined" size={size} fullWidth={fullWidth} error={error} required={required}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        inputRef={ref}
        label={required ? `${label}\u2009*` : label}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
