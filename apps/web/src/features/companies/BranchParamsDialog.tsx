import { useTranslation } from 'react-i18next';
import { type Branch, setBranchEmail, setBranchWatermark } from './api.ts';
import { ParamsDialog } from './ParamsDialog.tsx';

interface Props {
  branch: Branch;
  onClose: () => void;
  onChanged: (branch: Branch) => void;
}

/** Branch parameters: e-mail sending, watermark and the branch's automatic invoice numbers. */
export function BranchParamsDialog({ branch, onClose, onChanged }: Props) {
  const { t } = useTranslation('companies');
  return (
    <ParamsDialog
      record={branch}
      tipo="Sucursal"
      title={t('branches.paramsTitle')}
      heading={
        <>
          {branch.localidad ? `${branch.localidad} · ` : ''}
          {branch.codigoSucursal} - {branch.nombre}
        </>
      }
      inactiveMessage={t('branches.paramsInactive')}
      setEmail={(on) => setBranchEmail(branch.id, on)}
      setWatermark={(on) => setBranchWatermark(branch.id, on)}
      // The answer carries no company name: keep the one the list showed.
      onChanged={(saved) => onChanged({ ...saved, localidad: branch.localidad })}
      onClose={onClose}
    />
  );
}
