import { TableOutlined } from '@ant-design/icons';
import { ROUTES } from '@hr/contracts/routes';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCalibrationAccess } from '../api';

/**
 * The way to the calibration grid from the EPR list, for those who may see
 * it (HR administrators and O&Os); nothing for anyone else.
 */
export function CalibrationLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useCalibrationAccess();
  if (!access.data?.scope) return null;
  return (
    <Button
      href={ROUTES.eprCalibration}
      icon={<TableOutlined aria-hidden />}
      onClick={(event) => {
        // A plain click stays in the app; a middle or modified click opens a tab as links do.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate(ROUTES.eprCalibration);
      }}
    >
      {t('eprCalibration.openGrid')}
    </Button>
  );
}
