import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { EmailOffWarning } from '../documents/delivery/Delivery.tsx';

interface Flags {
  envioEmail: boolean;
  marcaAguaFactura: boolean;
}

interface Props<T extends Flags> {
  record: T;
  disabled?: boolean;
  emailLabel: string;
  watermarkLabel: string;
  setEmail: (on: boolean) => Promise<{ message: string; result: T }>;
  setWatermark: (on: boolean) => Promise<{ message: string; result: T }>;
  onChanged: (record: T) => void;
}

/** The two switches of the parameters modal: invoice e-mail sending and watermark (spec 000 §2). */
export function ParamsSwitches<T extends Flags>({
  record,
  disabled,
  emailLabel,
  watermarkLabel,
  setEmail,
  setWatermark,
  onChanged,
}: Props<T>) {
  const [flags, setFlags] = useState<Flags>({
    envioEmail: record.envioEmail,
    marcaAguaFactura: record.marcaAguaFactura,
  });
  const change = useMutation({
    mutationFn: ({ flag, on }: { flag: keyof Flags; on: boolean }) =>
      flag === 'envioEmail' ? setEmail(on) : setWatermark(on),
    // The switch moves at once; a failure puts it back (and the server's message is toasted).
    onMutate: ({ flag, on }) => {
      const before = flags;
      setFlags((current) => ({ ...current, [flag]: on }));
      return before;
    },
    onError: (_error, _vars, before) => {
      if (before) setFlags(before);
    },
    onSuccess: (answer) => {
      setFlags({ envioEmail: answer.result.envioEmail, marcaAguaFactura: answer.result.marcaAguaFactura });
      notifySuccess(translateMessage(answer.message));
      onChanged(answer.result);
    },
  });
  const busy = disabled || change.isPending;
  return (
    <FormGroup>
      <EmailOffWarning envioEmail={flags.envioEmail} />
      <FormControlLabel
        control={
          <Switch
            checked={flags.envioEmail}
            disabled={busy}
            onChange={(e) => change.mutate({ flag: 'envioEmail', on: e.target.checked })}
          />
        }
        label={emailLabel}
      />
      <FormControlLabel
        control={
          <Switch
            checked={flags.marcaAguaFactura}
            disabled={busy}
            onChange={(e) => change.mutate({ flag: 'marcaAguaFactura', on: e.target.checked })}
          />
        }
        label={watermarkLabel}
      />
    </FormGroup>
  );
}
