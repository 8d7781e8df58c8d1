import TableOutlined from '@ant-design/icons-svg/es/asn/TableOutlined';
import { ROUTES } from '@hr/contracts/routes';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/PlainIcon';
import { LinkButton } from '../../../components/plain/LinkButton';
import { useCalibrationAccess } from '../api';

/**
 * The way to the calibration grid from the EPR list, for those who may see
 * it (HR administrators and O&Os); nothing for anyone else. Drawn without
 * Ant Design, as the list is.
 */
export function CalibrationLink() {
  const { t } = useTranslation();
  const access = useCalibrationAccess();
  if (!access.data?.scope) return null;
  return (
    <LinkButton to={ROUTES.eprCalibration} icon={<PlainIcon icon={TableOutlined} />}>
      {t('eprCalibration.openGrid')}
    </LinkButton>
  );
}
